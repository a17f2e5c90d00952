// libFuzzer's driver, which the toolchain links into a program built with
// `-sanitize=fuzzer` (libclang_rt.fuzzer). Only `gallery-fuzz` imports this, and only
// when built by `make fuzz` (GALLERY_FUZZING): SwiftPM names an executable's entry
// point itself, so libFuzzer's own `main` never runs and `gallery-fuzz` starts the
// driver from its `main`.
#ifndef GALLERY_CFUZZERDRIVER_SHIM_H
#define GALLERY_CFUZZERDRIVER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` on `test_one_input`; returns the
/// exit status (libFuzzer exits the process itself when it finds a crash).
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*test_one_input)(const uint8_t *data, size_t size));

#endif
