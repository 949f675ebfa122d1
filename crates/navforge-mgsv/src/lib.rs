//! Metal Gear Solid V / Fox Engine .nav2 files as lossless documents.
