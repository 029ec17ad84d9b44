// C structs -> buffer through the generated builders. Children (vectors, strings, sub-tables) are
// created in schema order, depth first, which is the order flatc's JSON parser meets them in a
// JSON text written in schema order; the Create* functions then add the fields as flatc does
// (largest first, reverse field order), so the bytes equal `flatc --binary` of that JSON.
#include <cstdlib>
#include <cstring>

#include "ArkavoSchemas.h"

using namespace Arkavo;

namespace {

template <typename T> flatbuffers::Offset<flatbuffers::Vector<T>> vectorOf(flatbuffers::FlatBufferBuilder &fbb, ArkavoVector v) {
    if (!v.present) return 0;
    return fbb.CreateVector(reinterpret_cast<const T *>(v.data), v.count);
}

flatbuffers::Offset<flatbuffers::String> stringOf(flatbuffers::FlatBufferBuilder &fbb, ArkavoVector v) {
    if (!v.present) return 0;
    return fbb.CreateString(reinterpret_cast<const char *>(v.data), v.count);
}

ArkavoBuffer finish(flatbuffers::FlatBufferBuilder &fbb) {
    ArkavoBuffer out{static_cast<uint8_t *>(std::malloc(fbb.GetSize() ? fbb.GetSize() : 1)), fbb.GetSize()};
    if (out.data) std::memcpy(out.data, fbb.GetBufferPointer(), fbb.GetSize());
    else out.count = 0;
    return out;
}

template <typename Info, typename Type>
flatbuffers::Offset<Info> infoOf(flatbuffers::FlatBufferBuilder &fbb, const ArkavoFormatInfo &info,
                                 flatbuffers::Offset<Info> (*create)(flatbuffers::FlatBufferBuilder &, Type,
                                                                     flatbuffers::Offset<flatbuffers::String>,
                                                                     flatbuffers::Offset<flatbuffers::String>)) {
    if (!info.present) return 0;
    auto version = stringOf(fbb, info.version);
    auto profile = stringOf(fbb, info.profile);
    return create(fbb, static_cast<Type>(info.type), version, profile);
}

}  // namespace

extern "C" ArkavoBuffer arkavo_encode_event(const ArkavoEvent *event) {
    flatbuffers::FlatBufferBuilder fbb;
    flatbuffers::Offset<void> data = 0;
    if (event->data_present) {
        switch (event->data_type) {
        case EventData_UserEvent: {
            const ArkavoUserEvent &u = event->user_event;
            auto source = vectorOf<uint8_t>(fbb, u.source_id);
            auto target = vectorOf<uint8_t>(fbb, u.target_id);
            auto attributes = vectorOf<int8_t>(fbb, u.attribute_type);
            data = CreateUserEvent(fbb, static_cast<EntityType>(u.source_type), static_cast<EntityType>(u.target_type), source, target,
                                   attributes, static_cast<EntityType>(u.entity_type))
                       .Union();
            break;
        }
        case EventData_CacheEvent: {
            const ArkavoCacheEvent &c = event->cache_event;
            auto target = vectorOf<uint8_t>(fbb, c.target_id);
            auto payload = vectorOf<uint8_t>(fbb, c.target_payload);
            data = CreateCacheEvent(fbb, target, payload, c.ttl, c.one_time_access).Union();
            break;
        }
        case EventData_RouteEvent: {
            const ArkavoRouteEvent &r = event->route_event;
            auto target = vectorOf<uint8_t>(fbb, r.target_id);
            auto source = vectorOf<uint8_t>(fbb, r.source_id);
            auto payload = vectorOf<uint8_t>(fbb, r.payload);
            data = CreateRouteEvent(fbb, static_cast<EntityType>(r.target_type), target, static_cast<EntityType>(r.source_type), source,
                                    static_cast<AttributeType>(r.attribute_type), static_cast<EntityType>(r.entity_type), payload)
                       .Union();
            break;
        }
        default: break;  // a member this schema does not know has no table to write
        }
    }
    auto root = CreateEvent(fbb, static_cast<Action>(event->action), event->timestamp, static_cast<ActionStatus>(event->status),
                            static_cast<EventData>(event->data_type), data);
    fbb.Finish(root);
    return finish(fbb);
}

extern "C" ArkavoBuffer arkavo_encode_metadata(const ArkavoMetadata *m) {
    flatbuffers::FlatBufferBuilder fbb;
    auto id = vectorOf<uint8_t>(fbb, m->id);
    auto related = vectorOf<uint8_t>(fbb, m->related);
    auto creator = vectorOf<uint8_t>(fbb, m->creator);
    flatbuffers::Offset<Rating> rating = 0;
    if (m->rating.present) {
        const ArkavoRating &r = m->rating;
        rating = CreateRating(fbb, static_cast<RatingLevel>(r.violent), static_cast<RatingLevel>(r.sexual),
                              static_cast<RatingLevel>(r.profane), static_cast<RatingLevel>(r.substance),
                              static_cast<RatingLevel>(r.hate), static_cast<RatingLevel>(r.harm), static_cast<RatingLevel>(r.mature),
                              static_cast<RatingLevel>(r.bully));
    }
    flatbuffers::Offset<Purpose> purpose = 0;
    if (m->purpose.present) {
        const ArkavoPurpose &p = m->purpose;
        purpose = CreatePurpose(fbb, p.educational, p.entertainment, p.news, p.promotional, p.personal, p.opinion, p.transactional,
                                p.harmful, p.confidence);
    }
    auto topics = vectorOf<uint32_t>(fbb, m->topics);
    auto archive = infoOf<ArchiveInfo, ArchiveType>(fbb, m->archive, CreateArchiveInfo);
    flatbuffers::Offset<ContentFormat> content = 0;
    if (m->content.present) {
        auto format = infoOf<FormatInfo, FormatType>(fbb, m->content.format, CreateFormatInfo);
        content = CreateContentFormat(fbb, static_cast<MediaType>(m->content.media_type),
                                      static_cast<DataEncoding>(m->content.data_encoding), format);
    }
    auto root = CreateMetadata(fbb, m->created, id, related, creator, rating, purpose, topics, archive, content);
    fbb.Finish(root);
    return finish(fbb);
}

extern "C" void arkavo_buffer_free(ArkavoBuffer buffer) { std::free(buffer.data); }
