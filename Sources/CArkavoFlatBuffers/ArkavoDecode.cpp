// Verified buffer -> C structs through the generated accessors (fields absent from the buffer read
// as the schema's defaults; absent vectors, strings and tables have present = false).
#include <cstring>

#include "ArkavoDiagnosis.h"

using namespace Arkavo;

namespace {

template <typename T> ArkavoVector vectorOf(const flatbuffers::Vector<T> *vec) {
    if (!vec) return ArkavoVector{nullptr, 0, false};
    return ArkavoVector{reinterpret_cast<const uint8_t *>(vec->Data()), vec->size(), true};
}

ArkavoVector stringOf(const flatbuffers::String *str) {
    if (!str) return ArkavoVector{nullptr, 0, false};
    return ArkavoVector{reinterpret_cast<const uint8_t *>(str->c_str()), str->size(), true};
}

template <typename T> ArkavoFormatInfo infoOf(const T *info) {
    ArkavoFormatInfo out{};
    if (!info) return out;
    out.present = true;
    out.type = static_cast<int8_t>(info->type());
    out.version = stringOf(info->version());
    out.profile = stringOf(info->profile());
    return out;
}

bool refuse(const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoVerifyFailure *failure,
            bool (*diagnose)(arkavo::Diagnosis &)) {
    if (!failure) return false;  // the caller asked for no reason
    arkavo::Diagnosis diagnosis(buffer, count, limits, failure);
    if (diagnose(diagnosis)) {
        // The walk accepted what the Verifier refused: a disagreement the fuzz targets look for.
        std::snprintf(failure->reason, sizeof failure->reason, "refused by the Verifier (no field check failed)");
        failure->offset = 0;
    }
    return false;
}

}  // namespace

extern "C" bool arkavo_decode_event(
    const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoEvent *out, ArkavoVerifyFailure *failure) {
    if (!arkavo_event_verifies(buffer, count, limits)) return refuse(buffer, count, limits, failure, arkavo::diagnoseEvent);
    const Event *event = GetEvent(buffer);
    *out = ArkavoEvent{};
    out->action = static_cast<int8_t>(event->action());
    out->timestamp = event->timestamp();
    out->status = static_cast<int8_t>(event->status());
    out->data_type = static_cast<uint8_t>(event->data_type());
    out->data_present = event->data() != nullptr;
    if (const UserEvent *user = event->data_as_UserEvent()) {
        out->user_event.source_type = static_cast<int8_t>(user->source_type());
        out->user_event.target_type = static_cast<int8_t>(user->target_type());
        out->user_event.source_id = vectorOf(user->source_id());
        out->user_event.target_id = vectorOf(user->target_id());
        out->user_event.attribute_type = vectorOf(user->attribute_type());
        out->user_event.entity_type = static_cast<int8_t>(user->entity_type());
    } else if (const CacheEvent *cache = event->data_as_CacheEvent()) {
        out->cache_event.target_id = vectorOf(cache->target_id());
        out->cache_event.target_payload = vectorOf(cache->target_payload());
        out->cache_event.ttl = cache->ttl();
        out->cache_event.one_time_access = cache->one_time_access();
    } else if (const RouteEvent *route = event->data_as_RouteEvent()) {
        out->route_event.target_type = static_cast<int8_t>(route->target_type());
        out->route_event.target_id = vectorOf(route->target_id());
        out->route_event.source_type = static_cast<int8_t>(route->source_type());
        out->route_event.source_id = vectorOf(route->source_id());
        out->route_event.attribute_type = static_cast<int8_t>(route->attribute_type());
        out->route_event.entity_type = static_cast<int8_t>(route->entity_type());
        out->route_event.payload = vectorOf(route->payload());
    }
    return true;
}

extern "C" bool arkavo_decode_metadata(
    const uint8_t *buffer, size_t count, ArkavoVerifierLimits limits, ArkavoMetadata *out, ArkavoVerifyFailure *failure) {
    if (!arkavo_metadata_verifies(buffer, count, limits)) return refuse(buffer, count, limits, failure, arkavo::diagnoseMetadata);
    const Metadata *metadata = GetMetadata(buffer);
    *out = ArkavoMetadata{};
    out->created = metadata->created();
    out->id = vectorOf(metadata->id());
    out->related = vectorOf(metadata->related());
    out->creator = vectorOf(metadata->creator());
    if (const Rating *rating = metadata->rating()) {
        out->rating = ArkavoRating{
            true,
            static_cast<int8_t>(rating->violent()),
            static_cast<int8_t>(rating->sexual()),
            static_cast<int8_t>(rating->profane()),
            static_cast<int8_t>(rating->substance()),
            static_cast<int8_t>(rating->hate()),
            static_cast<int8_t>(rating->harm()),
            static_cast<int8_t>(rating->mature()),
            static_cast<int8_t>(rating->bully()),
        };
    }
    if (const Purpose *purpose = metadata->purpose()) {
        out->purpose = ArkavoPurpose{
            true,
            purpose->educational(),
            purpose->entertainment(),
            purpose->news(),
            purpose->promotional(),
            purpose->personal(),
            purpose->opinion(),
            purpose->transactional(),
            purpose->harmful(),
            purpose->confidence(),
        };
    }
    out->topics = vectorOf(metadata->topics());
    out->archive = infoOf(metadata->archive());
    if (const ContentFormat *content = metadata->content()) {
        out->content.present = true;
        out->content.media_type = static_cast<int8_t>(content->media_type());
        out->content.data_encoding = static_cast<int8_t>(content->data_encoding());
        out->content.format = infoOf(content->format());
    }
    return true;
}
