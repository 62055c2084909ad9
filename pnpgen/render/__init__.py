"""Writers and sheet layout: imposition, marks, PDF (reportlab), SVG (ElementTree), the contact sheet."""
