"""The package list: pnpgen's code, plus the bundled packs and layouts mapped in from the top of the checkout."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["pnpgen", "pnpgen.*"]), "pnpgen.content", "pnpgen.templates"])
