/* FlatBuffers' C++ headers (the Verifier, the builders) for CArkavoFlatBuffers: this module carries their pkg-config
   flags, the include path (not a default one under Homebrew) and the library, to the targets that use them. No Swift
   code imports it. */
