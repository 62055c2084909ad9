"""Writers and sheet layout: imposition, marks, PDF (reportlab), SVG (svgwrite), the contact sheet."""
