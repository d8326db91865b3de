// libFuzzer's per-input entry point, by its C name: SwiftPM links executables with `main` renamed,
// which makes the linker take libFuzzer's own `main` too, and that one calls this.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    exercise(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}
