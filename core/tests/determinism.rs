#![cfg(not(target_arch = "wasm32"))]
include!("support/golden.rs");

#[test]
fn golden_trace_hash_is_stable() {
    assert_eq!(golden_trace_hash(), GOLDEN_TRACE_HASH, "got {:#x}", golden_trace_hash());
}
