/* FlatBuffers is a C++ header library; this module only carries its pkg-config flags (the include path, which is not
   a default one under Homebrew) to CArkavoFlatBuffers. No Swift code imports it. */
