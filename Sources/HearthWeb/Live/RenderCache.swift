import Foundation
import HearthCore
import HearthSafety

/// Sanitised bodies of recently opened messages. Opening a conversation sanitises each message
/// once for the page (blocked-image and tracker counts) and the frame asks for the same body a
/// moment later; reopening is the common case too. Small and bounded: bodies can be large.
final class RenderCache: Sendable {
    struct Key: Hashable, Sendable {
        var email: EmailID
        var policy: RemoteImagePolicy
        var inlinePrefix: String
    }

    private let entries = Locked<[Key: (rendered: SafeBodyRenderer.Rendered, used: UInt64)]>([:])
    private let clock = Locked<UInt64>(0)
    let capacity: Int

    init(capacity: Int = 48) { self.capacity = capacity }

    func rendered(_ email: Email, policy: RemoteImagePolicy, inlinePrefix: String) -> SafeBodyRenderer.Rendered {
        guard let id = email.id else { return SafeBodyRenderer().render(email) }
        let key = Key(email: id, policy: policy, inlinePrefix: inlinePrefix)
        let tick = clock.withLock { $0 += 1; return $0 }
        if let hit = entries.withLock({ cache -> SafeBodyRenderer.Rendered? in
            guard let entry = cache[key] else { return nil }
            cache[key] = (entry.rendered, tick)
            return entry.rendered
        }) { return hit }
        let options = SanitizeOptions(remoteImages: policy, inlineImages: InlineImageRoute(emailID: id, pathPrefix: inlinePrefix))
        let rendered = SafeBodyRenderer(options: options).render(email)
        entries.withLock { cache in
            cache[key] = (rendered, tick)
            if cache.count > capacity, let oldest = cache.min(by: { $0.value.used < $1.value.used })?.key {
                cache[oldest] = nil
            }
        }
        return rendered
    }

    func removeAll() { entries.withLock { $0.removeAll() } }
}
