#include "ArkavoDiagnosis.h"

#include <cstdio>
#include <cstring>

namespace arkavo {

using flatbuffers::ReadScalar;
using flatbuffers::soffset_t;
using flatbuffers::uoffset_t;
using flatbuffers::voffset_t;

Diagnosis::Diagnosis(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoVerifyFailure *failure)
    : buffer_(buffer), count_(count), limits_(limits), failure_(failure), verifier_(buffer, count, verifierOptions(limits)) {}

std::string Diagnosis::path(const char *field) const {
    std::string path;
    for (size_t i = 0; i < nameCount_ && i < sizeof names_ / sizeof names_[0]; i++) path += i == 0 ? std::string(names_[i]) : "(" + std::string(names_[i]) + ")";
    if (path.empty()) return field;
    return field[0] ? path + "." + field : path;
}

bool Diagnosis::fail(const char *field, size_t at, const std::string &what) {
    std::string reason = path(field) + ": " + what;
    std::snprintf(failure_->reason, sizeof failure_->reason, "%s", reason.c_str());
    failure_->offset = static_cast<uint32_t>(at > count_ ? count_ : at);
    return false;
}

size_t Diagnosis::position(const flatbuffers::Table *table, voffset_t slot) const {
    return static_cast<size_t>(reinterpret_cast<const uint8_t *>(table) - buffer_) + table->GetOptionalFieldOffset(slot);
}

const flatbuffers::Table *Diagnosis::root() {
    if (count_ < FLATBUFFERS_MIN_BUFFER_SIZE) {
        fail("root", 0, "buffer of " + std::to_string(count_) + " bytes, shorter than the minimum of " +
                            std::to_string(FLATBUFFERS_MIN_BUFFER_SIZE));
        return nullptr;
    }
    const uoffset_t o = verifier_.VerifyOffset(0);
    if (o == 0) {
        const uoffset_t raw = ReadScalar<uoffset_t>(buffer_);
        fail("root", 0, "root offset " + std::to_string(raw) + (raw == 0 ? " points to itself" : " points outside the buffer"));
        return nullptr;
    }
    return reinterpret_cast<const flatbuffers::Table *>(buffer_ + o);
}

bool Diagnosis::start(const void *table, const char *name) {
    const size_t at = static_cast<size_t>(reinterpret_cast<const uint8_t *>(table) - buffer_);
    if (nameCount_ < sizeof names_ / sizeof names_[0]) names_[nameCount_] = name;
    nameCount_++;
    // The checks of Verifier::VerifyTableStart, in its order, to say which one refused.
    const bool placed = at % sizeof(soffset_t) == 0 && at + sizeof(soffset_t) <= count_;
    if (placed) {
        depth_++;
        tables_++;
    }
    if (reinterpret_cast<const flatbuffers::Table *>(table)->VerifyTableStart(verifier_)) return true;
    if (!placed) return fail("", at, "table misaligned or past the end of the buffer");
    if (depth_ > limits_.max_depth) return fail("", at, "tables nested deeper than the limit of " + std::to_string(limits_.max_depth));
    if (tables_ > limits_.max_tables) return fail("", at, "more tables than the limit of " + std::to_string(limits_.max_tables));
    const size_t vtable = at - static_cast<size_t>(ReadScalar<soffset_t>(buffer_ + at));
    if (vtable >= count_ || vtable % 2 != 0 || vtable + 2 > count_)
        return fail("", at, "vtable offset points outside the buffer or is misaligned (vtable at " +
                                std::to_string(static_cast<long long>(vtable)) + ")");
    const voffset_t size = ReadScalar<voffset_t>(buffer_ + vtable);
    if (size % 2 != 0) return fail("", vtable, "vtable size " + std::to_string(size) + " is odd");
    return fail("", vtable, "vtable of " + std::to_string(size) + " bytes runs past the end of the buffer");
}

bool Diagnosis::end() {
    verifier_.EndTable();
    depth_--;
    nameCount_--;
    return true;
}

bool Diagnosis::offset(const void *table, voffset_t slot, const char *field) {
    auto t = reinterpret_cast<const flatbuffers::Table *>(table);
    if (t->VerifyOffset(verifier_, slot)) return true;
    const size_t at = position(t, slot);
    if (at % sizeof(uoffset_t) != 0 || at + sizeof(uoffset_t) > count_)
        return fail(field, at, "offset misaligned or past the end of the buffer");
    const uoffset_t o = ReadScalar<uoffset_t>(buffer_ + at);
    if (o == 0) return fail(field, at, "offset 0 points to itself");
    return fail(field, at, "offset " + std::to_string(o) + " points outside the buffer");
}

bool Diagnosis::failVector(const char *field, const void *vec, size_t elementSize) {
    const size_t at = static_cast<size_t>(reinterpret_cast<const uint8_t *>(vec) - buffer_);
    if (at % sizeof(uoffset_t) != 0 || at + sizeof(uoffset_t) > count_)
        return fail(field, at, "vector length misaligned or past the end of the buffer");
    const uoffset_t length = ReadScalar<uoffset_t>(buffer_ + at);
    return fail(field, at, "vector of " + std::to_string(length) + " elements of " + std::to_string(elementSize) +
                               " bytes runs past the end of the buffer");
}

bool Diagnosis::failString(const char *field, const flatbuffers::String *str) {
    const size_t at = static_cast<size_t>(reinterpret_cast<const uint8_t *>(str) - buffer_);
    if (at % sizeof(uoffset_t) != 0 || at + sizeof(uoffset_t) > count_)
        return fail(field, at, "string length misaligned or past the end of the buffer");
    const uoffset_t length = ReadScalar<uoffset_t>(buffer_ + at);
    const size_t terminator = at + sizeof(uoffset_t) + length;
    if (length >= count_ || terminator >= count_)
        return fail(field, at, "string of " + std::to_string(length) + " bytes runs past the end of the buffer");
    return fail(field, terminator, "string of " + std::to_string(length) + " bytes is not terminated by a zero byte");
}

}  // namespace arkavo
