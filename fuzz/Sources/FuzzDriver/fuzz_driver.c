// The declaration in include/fuzz_driver.h is all this module gives; libFuzzer defines the function.
