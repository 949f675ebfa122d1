//! Valve Source and GoldSrc .nav files as lossless documents.
