// The C API's verification: the generated Verifier decides; on refusal the Diagnosis walk (the
// same checks in the same order, see ArkavoDiagnosis.h) says which field and which check.
#include "ArkavoDiagnosis.h"

using namespace Arkavo;

namespace arkavo {

static bool diagnoseUserEvent(Diagnosis &d, const UserEvent *t) {
    return d.start(t, "UserEvent") && d.scalar<int8_t>(t, UserEvent::VT_SOURCE_TYPE, "source_type") &&
           d.scalar<int8_t>(t, UserEvent::VT_TARGET_TYPE, "target_type") &&
           d.vector(t, UserEvent::VT_SOURCE_ID, [t] { return t->source_id(); }, "source_id") &&
           d.vector(t, UserEvent::VT_TARGET_ID, [t] { return t->target_id(); }, "target_id") &&
           d.vector(t, UserEvent::VT_ATTRIBUTE_TYPE, [t] { return t->attribute_type(); }, "attribute_type") &&
           d.scalar<int8_t>(t, UserEvent::VT_ENTITY_TYPE, "entity_type") && d.end();
}

static bool diagnoseCacheEvent(Diagnosis &d, const CacheEvent *t) {
    return d.start(t, "CacheEvent") && d.vector(t, CacheEvent::VT_TARGET_ID, [t] { return t->target_id(); }, "target_id") &&
           d.vector(t, CacheEvent::VT_TARGET_PAYLOAD, [t] { return t->target_payload(); }, "target_payload") &&
           d.scalar<uint32_t>(t, CacheEvent::VT_TTL, "ttl") && d.scalar<uint8_t>(t, CacheEvent::VT_ONE_TIME_ACCESS, "one_time_access") &&
           d.end();
}

static bool diagnoseRouteEvent(Diagnosis &d, const RouteEvent *t) {
    return d.start(t, "RouteEvent") && d.scalar<int8_t>(t, RouteEvent::VT_TARGET_TYPE, "target_type") &&
           d.vector(t, RouteEvent::VT_TARGET_ID, [t] { return t->target_id(); }, "target_id") &&
           d.scalar<int8_t>(t, RouteEvent::VT_SOURCE_TYPE, "source_type") &&
           d.vector(t, RouteEvent::VT_SOURCE_ID, [t] { return t->source_id(); }, "source_id") &&
           d.scalar<int8_t>(t, RouteEvent::VT_ATTRIBUTE_TYPE, "attribute_type") &&
           d.scalar<int8_t>(t, RouteEvent::VT_ENTITY_TYPE, "entity_type") &&
           d.vector(t, RouteEvent::VT_PAYLOAD, [t] { return t->payload(); }, "payload") && d.end();
}

bool diagnoseEvent(Diagnosis &d) {
    auto t = reinterpret_cast<const Event *>(d.root());
    if (!t) return false;
    if (!(d.start(t, "Event") && d.scalar<int8_t>(t, Event::VT_ACTION, "action") &&
          d.scalar<uint64_t>(t, Event::VT_TIMESTAMP, "timestamp") && d.scalar<int8_t>(t, Event::VT_STATUS, "status") &&
          d.scalar<uint8_t>(t, Event::VT_DATA_TYPE, "data_type") && d.offset(t, Event::VT_DATA, "data")))
        return false;
    // VerifyEventData: a null member verifies, and so does a union type this schema does not know.
    bool member = true;
    if (t->data()) {
        switch (t->data_type()) {
        case EventData_UserEvent: member = diagnoseUserEvent(d, static_cast<const UserEvent *>(t->data())); break;
        case EventData_CacheEvent: member = diagnoseCacheEvent(d, static_cast<const CacheEvent *>(t->data())); break;
        case EventData_RouteEvent: member = diagnoseRouteEvent(d, static_cast<const RouteEvent *>(t->data())); break;
        default: break;
        }
    }
    return member && d.end();
}

static bool diagnoseRating(Diagnosis &d, const Rating *t) {
    return d.start(t, "Rating") && d.scalar<int8_t>(t, Rating::VT_VIOLENT, "violent") &&
           d.scalar<int8_t>(t, Rating::VT_SEXUAL, "sexual") && d.scalar<int8_t>(t, Rating::VT_PROFANE, "profane") &&
           d.scalar<int8_t>(t, Rating::VT_SUBSTANCE, "substance") && d.scalar<int8_t>(t, Rating::VT_HATE, "hate") &&
           d.scalar<int8_t>(t, Rating::VT_HARM, "harm") && d.scalar<int8_t>(t, Rating::VT_MATURE, "mature") &&
           d.scalar<int8_t>(t, Rating::VT_BULLY, "bully") && d.end();
}

static bool diagnosePurpose(Diagnosis &d, const Purpose *t) {
    return d.start(t, "Purpose") && d.scalar<float>(t, Purpose::VT_EDUCATIONAL, "educational") &&
           d.scalar<float>(t, Purpose::VT_ENTERTAINMENT, "entertainment") && d.scalar<float>(t, Purpose::VT_NEWS, "news") &&
           d.scalar<float>(t, Purpose::VT_PROMOTIONAL, "promotional") && d.scalar<float>(t, Purpose::VT_PERSONAL, "personal") &&
           d.scalar<float>(t, Purpose::VT_OPINION, "opinion") && d.scalar<float>(t, Purpose::VT_TRANSACTIONAL, "transactional") &&
           d.scalar<float>(t, Purpose::VT_HARMFUL, "harmful") && d.scalar<float>(t, Purpose::VT_CONFIDENCE, "confidence") && d.end();
}

// FormatInfo and ArchiveInfo share their layout (type, version, profile) and their VT_ values.
template <typename T> static bool diagnoseInfo(Diagnosis &d, const T *t, const char *name) {
    return d.start(t, name) && d.scalar<int8_t>(t, T::VT_TYPE, "type") && d.string(t, T::VT_VERSION, [t] { return t->version(); }, "version") &&
           d.string(t, T::VT_PROFILE, [t] { return t->profile(); }, "profile") && d.end();
}

static bool diagnoseContentFormat(Diagnosis &d, const ContentFormat *t) {
    return d.start(t, "ContentFormat") && d.scalar<int8_t>(t, ContentFormat::VT_MEDIA_TYPE, "media_type") &&
           d.scalar<int8_t>(t, ContentFormat::VT_DATA_ENCODING, "data_encoding") &&
           d.offset(t, ContentFormat::VT_FORMAT, "format") && (!t->format() || diagnoseInfo(d, t->format(), "format")) && d.end();
}

bool diagnoseMetadata(Diagnosis &d) {
    auto t = reinterpret_cast<const Metadata *>(d.root());
    return t && d.start(t, "Metadata") && d.scalar<int64_t>(t, Metadata::VT_CREATED, "created") &&
           d.vector(t, Metadata::VT_ID, [t] { return t->id(); }, "id") && d.vector(t, Metadata::VT_RELATED, [t] { return t->related(); }, "related") &&
           d.vector(t, Metadata::VT_CREATOR, [t] { return t->creator(); }, "creator") && d.offset(t, Metadata::VT_RATING, "rating") &&
           (!t->rating() || diagnoseRating(d, t->rating())) && d.offset(t, Metadata::VT_PURPOSE, "purpose") &&
           (!t->purpose() || diagnosePurpose(d, t->purpose())) && d.vector(t, Metadata::VT_TOPICS, [t] { return t->topics(); }, "topics") &&
           d.offset(t, Metadata::VT_ARCHIVE, "archive") && (!t->archive() || diagnoseInfo(d, t->archive(), "archive")) &&
           d.offset(t, Metadata::VT_CONTENT, "content") && (!t->content() || diagnoseContentFormat(d, t->content())) && d.end();
}

}  // namespace arkavo

extern "C" bool arkavo_event_verifies(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits) {
    flatbuffers::Verifier verifier(buffer, count, arkavo::verifierOptions(limits));
    return VerifyEventBuffer(verifier);
}

extern "C" bool arkavo_metadata_verifies(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits) {
    flatbuffers::Verifier verifier(buffer, count, arkavo::verifierOptions(limits));
    return VerifyMetadataBuffer(verifier);
}
