"""How colours look in grey and to colour-blind eyes: CIE L*, CIELAB, CIEDE2000 and simulated dichromacy.

Dichromacy is simulated with the matrices of Machado, Oliveira and Fernandes (2009) at full severity, applied
to linear sRGB; colours are compared in CIELAB (D65) with the CIEDE2000 difference.
"""

from __future__ import annotations

import math

from .colour import rgb

Lab = tuple[float, float, float]

# Machado et al. 2009, severity 1.0, on linear sRGB (rows: r, g, b out)
DICHROMACY = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
_XYZ = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750), (0.0193339, 0.1191920, 0.9503041))
_WHITE = (0.95047, 1.0, 1.08883)


def linear(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' as linear-light sRGB components from 0 to 1."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(lin(c) for c in rgb(colour))  # type: ignore[return-value]


def _apply(m, v) -> tuple[float, float, float]:
    return tuple(sum(m[i][j] * v[j] for j in range(3)) for i in range(3))  # type: ignore[return-value]


def lab_of_linear(v: tuple[float, float, float]) -> Lab:
    """CIELAB (D65) of a linear sRGB colour (components clipped to 0..1)."""
    x, y, z = _apply(_XYZ, tuple(min(1.0, max(0.0, c)) for c in v))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def lab(colour: str) -> Lab:
    """CIELAB (D65) of an sRGB colour."""
    return lab_of_linear(linear(colour))


def lightness(colour: str) -> float:
    """CIE L* (0 black .. 100 white): what a grey print keeps of a colour."""
    return lab(colour)[0]


def seen_with(colour: str, deficiency: str) -> Lab:
    """CIELAB of a colour as a dichromat sees it (protanopia, deuteranopia, tritanopia)."""
    return lab_of_linear(_apply(DICHROMACY[deficiency], linear(colour)))


def delta_e2000(a: Lab, b: Lab) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (about 2.3: just noticeable)."""
    l1, a1, b1 = a
    l2, a2, b2 = b
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    turn = 60 * math.exp(-((hm - 275) / 25) ** 2)
    rt = -2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7)) * math.sin(math.radians(turn))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))
