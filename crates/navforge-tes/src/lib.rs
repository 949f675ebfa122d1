//! Bethesda plugins (.esp/.esm/.esl) and their NVNM navmeshes as lossless documents.
