// The flatc-generated code of the three Arkavo schemas, included once for the C API's sources.
#ifndef ARKAVO_SCHEMAS_H
#define ARKAVO_SCHEMAS_H

#include "generated/event_generated.h"
#include "generated/metadata_generated.h"

#include "CArkavoFlatBuffers.h"

namespace arkavo {

/// The Verifier's options for the C API's limits.
inline flatbuffers::Verifier::Options verifierOptions(ArkavoVerifierLimits limits) {
    flatbuffers::Verifier::Options options;
    options.max_depth = limits.max_depth;
    options.max_tables = limits.max_tables;
    return options;
}

}  // namespace arkavo

#endif
