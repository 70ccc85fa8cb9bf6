"""Stub."""

from chieu.core.glossary import COMMON, Glossary

GLOSSARY = Glossary(COMMON)
