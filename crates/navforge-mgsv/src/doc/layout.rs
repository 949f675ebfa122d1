//! Re-layout: recompute every stored offset from the structures.
