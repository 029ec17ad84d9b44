// The Arkavo FlatBuffers tables (event.fbs, metadata.fbs) behind a C API, so that Swift reaches the
// FlatBuffers C++ library's Verifier and builders without C++ interop. The C++ side is the code
// flatc generates (generated/*_generated.h) plus ArkavoVerify/ArkavoDecode/ArkavoEncode.cpp.
//
// Decoding: every arkavo_decode_* call runs the generated Verifier first and fills the struct only
// when it accepts; byte and string fields then point into the caller's buffer (copy them before
// the buffer goes away). Encoding: the same structs, built with the generated Create* functions.
#ifndef CARKAVO_FLATBUFFERS_H
#define CARKAVO_FLATBUFFERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A vector of scalars (`[ubyte]`, `[AttributeType]`, `[uint32]`) or a string: `count` elements of
/// the vector's element size at `data` (little-endian), `present` false when the field is absent.
typedef struct {
    const uint8_t *data;
    uint32_t count;
    bool present;
} ArkavoVector;

/// The Verifier's limits: a depth of nested tables and a number of tables (the library's defaults
/// are 64 and 1,000,000).
typedef struct {
    uint32_t max_depth;
    uint32_t max_tables;
} ArkavoVerifierLimits;

/// Why a buffer was refused: the field path and the check that failed, and the byte offset.
typedef struct {
    char reason[200];
    uint32_t offset;
} ArkavoVerifyFailure;

/// `UserEvent` (EventData 1).
typedef struct {
    int8_t source_type;
    int8_t target_type;
    ArkavoVector source_id;
    ArkavoVector target_id;
    ArkavoVector attribute_type;
    int8_t entity_type;
} ArkavoUserEvent;

/// `CacheEvent` (EventData 2).
typedef struct {
    ArkavoVector target_id;
    ArkavoVector target_payload;
    uint32_t ttl;
    bool one_time_access;
} ArkavoCacheEvent;

/// `RouteEvent` (EventData 3).
typedef struct {
    int8_t target_type;
    ArkavoVector target_id;
    int8_t source_type;
    ArkavoVector source_id;
    int8_t attribute_type;
    int8_t entity_type;
    ArkavoVector payload;
} ArkavoRouteEvent;

/// `Event`, the root of event.fbs. `data_type` names the union member; `data_present` says whether
/// the `data` offset is there. Only the member `data_type` names is filled.
typedef struct {
    int8_t action;
    uint64_t timestamp;
    int8_t status;
    uint8_t data_type;
    bool data_present;
    ArkavoUserEvent user_event;
    ArkavoCacheEvent cache_event;
    ArkavoRouteEvent route_event;
} ArkavoEvent;

/// `Rating`: eight RatingLevel values.
typedef struct {
    bool present;
    int8_t violent, sexual, profane, substance, hate, harm, mature, bully;
} ArkavoRating;

/// `Purpose`: nine float32 scores.
typedef struct {
    bool present;
    float educational, entertainment, news, promotional, personal, opinion, transactional, harmful, confidence;
} ArkavoPurpose;

/// `FormatInfo` and `ArchiveInfo` (the same shape: a type byte and two strings).
typedef struct {
    bool present;
    int8_t type;
    ArkavoVector version;
    ArkavoVector profile;
} ArkavoFormatInfo;

/// `ContentFormat`.
typedef struct {
    bool present;
    int8_t media_type;
    int8_t data_encoding;
    ArkavoFormatInfo format;
} ArkavoContentFormat;

/// `Metadata`, the root of metadata.fbs (topics: `count` uint32 values).
typedef struct {
    int64_t created;
    ArkavoVector id;
    ArkavoVector related;
    ArkavoVector creator;
    ArkavoRating rating;
    ArkavoPurpose purpose;
    ArkavoVector topics;
    ArkavoFormatInfo archive;
    ArkavoContentFormat content;
} ArkavoMetadata;

/// A finished buffer from an encode call; release it with arkavo_buffer_free.
typedef struct {
    uint8_t *data;
    size_t count;
} ArkavoBuffer;

/// The generated Verifier alone (VerifyEventBuffer with the limits): true when it accepts.
bool arkavo_event_verifies(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits);
/// The generated Verifier alone for a Metadata root.
bool arkavo_metadata_verifies(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits);

/// Verifies `buffer` as an Event and fills `event`; on refusal fills `failure` and returns false.
/// With `failure` NULL a refusal is not explained (the reason walk does not run).
bool arkavo_decode_event(
    const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoEvent *event, ArkavoVerifyFailure *failure);
/// Verifies `buffer` as a Metadata and fills `metadata`; on refusal fills `failure` and returns false.
bool arkavo_decode_metadata(
    const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoMetadata *metadata, ArkavoVerifyFailure *failure);

/// Builds an Event with the generated builders (children in schema order, as flatc does from JSON).
ArkavoBuffer arkavo_encode_event(const ArkavoEvent *event);
/// Builds a Metadata with the generated builders.
ArkavoBuffer arkavo_encode_metadata(const ArkavoMetadata *metadata);
/// Frees a buffer returned by an encode call.
void arkavo_buffer_free(ArkavoBuffer buffer);

#ifdef __cplusplus
}
#endif

#endif
