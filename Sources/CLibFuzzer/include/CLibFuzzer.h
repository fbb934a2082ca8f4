#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs with their own main (LLVM's FuzzerInterface.h). Present only
/// when linked with -sanitize=fuzzer; journey-fuzz calls it only when built with -DFUZZING.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
