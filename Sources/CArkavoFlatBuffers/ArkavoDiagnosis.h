// Why the Verifier refused a buffer. The FlatBuffers Verifier answers only true or false, so after
// a refusal the same checks run again, in the order of the generated Verify() methods and through
// the same Verifier primitives, each under the name of its field; the first one that fails names
// the field, the check and the byte offset. The walk must refuse exactly what the generated code
// refuses: the tests and FuzzArkavoEvent/FuzzArkavoMetadata compare the two on every input.
#ifndef ARKAVO_DIAGNOSIS_H
#define ARKAVO_DIAGNOSIS_H

#include <string>

#include "ArkavoSchemas.h"

namespace arkavo {

class Diagnosis {
  public:
    Diagnosis(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoVerifyFailure *failure);

    /// The root table, or null (after recording why) when the buffer or its root offset is refused.
    const flatbuffers::Table *root();

    /// VerifyTableStart of a table named `name` (pushed on the field path until `end`).
    bool start(const void *table, const char *name);
    /// EndTable: pops the path and the depth.
    bool end();
    /// VerifyField<T> of the scalar in `slot` (a generated VT_ constant).
    template <typename T> bool scalar(const void *table, flatbuffers::voffset_t slot, const char *field) {
        auto t = reinterpret_cast<const flatbuffers::Table *>(table);
        if (t->VerifyField<T>(verifier_, slot, sizeof(T))) return true;
        return fail(field, position(t, slot), sizeof(T) > 1 ? "scalar misaligned or past the end of the buffer"
                                                            : "scalar past the end of the buffer");
    }
    /// VerifyOffset of the field in `slot`, then VerifyVector of what `get` returns. `get` is the
    /// generated accessor, called only once the offset is verified (as in the generated && chain).
    template <typename Get> bool vector(const void *table, flatbuffers::voffset_t slot, Get get, const char *field) {
        if (!offset(table, slot, field)) return false;
        const auto *vec = get();
        return verifier_.VerifyVector(vec) || failVector(field, vec, sizeof(*vec->Data()));
    }
    /// VerifyOffset, then VerifyString of what `get` returns (called once the offset is verified).
    template <typename Get> bool string(const void *table, flatbuffers::voffset_t slot, Get get, const char *field) {
        return offset(table, slot, field) && (verifier_.VerifyString(get()) || failString(field, get()));
    }
    /// VerifyOffset of a table field (the sub-table is walked by the caller).
    bool offset(const void *table, flatbuffers::voffset_t slot, const char *field);
    /// Records a refusal at `at` (bytes from the buffer's start).
    bool fail(const char *field, size_t at, const std::string &what);

  private:
    size_t position(const flatbuffers::Table *table, flatbuffers::voffset_t slot) const;
    bool failVector(const char *field, const void *vec, size_t elementSize);
    bool failString(const char *field, const flatbuffers::String *str);
    std::string path(const char *field) const;

    const uint8_t *buffer_;
    size_t count_;
    ArkavoVerifierLimits limits_;
    ArkavoVerifyFailure *failure_;
    flatbuffers::Verifier verifier_;
    uint32_t depth_ = 0;
    uint32_t tables_ = 0;
    // The tables entered so far (the schemas nest at most 3 deep); the path string is only built
    // when a check fails, so an accepted walk allocates nothing.
    const char *names_[8] = {};
    size_t nameCount_ = 0;
};

/// The walks of the two roots: true when every check passes (then the generated Verifier accepts).
bool diagnoseEvent(Diagnosis &diagnosis);
bool diagnoseMetadata(Diagnosis &diagnosis);

}  // namespace arkavo

#endif
