import Foundation
import GRDB
import WireCore

/// The mock's SQLite store (`serve mls --db FILE`): every conversation with its members, every
/// message, key package and blob record, and the TID clock, so a restarted server answers exactly as
/// before. The service keeps working from memory; each successful write also lands here, in one
/// transaction per request, before memory changes (a refused write leaves both as they were).
/// Fault counters and rate-limit windows are not kept: they describe a run, not the data.
final class MLSDatabase: Sendable {
    /// One write: what a request created or changed.
    enum Change {
        /// The conversation's row and its member list (not its messages).
        case convo(MLSState.Convo)
        /// A new message, and the conversation's `lastMessageAt`.
        case message(MLSState.Message, convoId: String)
        /// A key package, new or now consumed.
        case keyPackage(MLSState.KeyPackage)
        /// An uploaded blob's record.
        case blob(MLSState.Blob)
    }

    private let queue: DatabaseQueue

    /// Opens (or creates) the database at `path` and brings its schema up to date.
    init(path: String) throws {
        var configuration = Configuration()
        // WAL with NORMAL sync: a crash may lose the last writes but never corrupts the file, and a
        // write costs no fsync; right for a mock that CI restarts.
        configuration.journalMode = .wal
        // EXCLUSIVE: the first access takes the file's lock and keeps it until the server stops, so a second server
        // on the same file is refused at start instead of both running and then failing on conflicting writes.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA locking_mode = EXCLUSIVE") }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            throw MLSDatabaseInUse(path: path)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE convo (
                      id TEXT PRIMARY KEY, groupId TEXT NOT NULL, creator TEXT NOT NULL, cipherSuite TEXT NOT NULL,
                      createdAt INTEGER NOT NULL, lastMessageAt INTEGER, epoch INTEGER NOT NULL, nextLeaf INTEGER NOT NULL,
                      metadata TEXT);
                    CREATE TABLE member (
                      convoId TEXT NOT NULL REFERENCES convo(id), did TEXT NOT NULL, joinedAt INTEGER NOT NULL,
                      leafIndex INTEGER NOT NULL, PRIMARY KEY (convoId, did));
                    CREATE TABLE message (
                      convoId TEXT NOT NULL REFERENCES convo(id), seq INTEGER NOT NULL, id TEXT NOT NULL, sender TEXT NOT NULL,
                      ciphertext TEXT NOT NULL, epoch INTEGER NOT NULL, createdAt INTEGER NOT NULL, contentType TEXT NOT NULL,
                      attachments TEXT NOT NULL, PRIMARY KEY (convoId, seq));
                    CREATE TABLE keyPackage (
                      id TEXT PRIMARY KEY, did TEXT NOT NULL, keyPackage TEXT NOT NULL, cipherSuite TEXT NOT NULL,
                      createdAt INTEGER NOT NULL, expiresAt INTEGER NOT NULL, consumed INTEGER NOT NULL);
                    CREATE TABLE blob (cid TEXT PRIMARY KEY, mimeType TEXT NOT NULL, size INTEGER NOT NULL);
                    CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), lastTID INTEGER NOT NULL);
                    INSERT INTO clock VALUES (1, 0);
                    """)
        }
        // v1 stored text as TEXT, which GRDB writes and reads as a C string: a U+0000 and what follows were lost
        // (FINDINGS.md D10). From v2 every text is its UTF-8 bytes (`text(_:)`); the rows written before are converted so
        // that keys compare equal.
        migrator.registerMigration("v2: text as UTF-8 bytes") { db in
            for (table, columns) in Self.textColumns {
                let sets = columns.map { "\($0) = CAST(\($0) AS BLOB)" }.joined(separator: ", ")
                try db.execute(sql: "UPDATE \(table) SET \(sets)")
            }
        }
        return migrator
    }

    /// The columns that hold text, by table.
    static let textColumns: [(String, [String])] = [
        ("convo", ["id", "groupId", "creator", "cipherSuite", "metadata"]), ("member", ["convoId", "did"]),
        ("message", ["convoId", "id", "sender", "ciphertext", "contentType", "attachments"]),
        ("keyPackage", ["id", "did", "keyPackage", "cipherSuite"]), ("blob", ["cid", "mimeType"]),
    ]

    /// A text as SQLite gets it: its UTF-8 bytes, so that nothing is cut at a U+0000.
    static func text(_ value: String) -> Data { Data(value.utf8) }

    /// A text column read back (bytes, or TEXT left by an older file); nil for NULL.
    static func text(_ row: Row, _ column: String) -> String? {
        let value: DatabaseValue = row[column]
        switch value.storage {
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .string(let text): return text
        default: return nil
        }
    }

    /// Writes `changes` and the TID clock in one transaction.
    func write(_ changes: [Change], lastTID: Int64) throws {
        try queue.write { db in
            for change in changes {
                switch change {
                case .convo(let convo): try Self.save(convo, db)
                case .message(let message, let convoId): try Self.save(message, convoId: convoId, db)
                case .keyPackage(let package):
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO keyPackage VALUES (?, ?, ?, ?, ?, ?, ?)",
                        arguments: [
                            Self.text(package.id), Self.text(package.did), Self.text(package.keyPackage), Self.text(package.cipherSuite),
                            package.createdAt, package.expiresAt, package.consumed,
                        ])
                case .blob(let blob):
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO blob VALUES (?, ?, ?)",
                        arguments: [Self.text(blob.cid), Self.text(blob.mimeType), blob.size])
                }
            }
            try db.execute(sql: "UPDATE clock SET lastTID = ? WHERE id = 1", arguments: [lastTID])
        }
    }

    private static func save(_ convo: MLSState.Convo, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO convo VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                text(convo.id), text(convo.groupId), text(convo.creator), text(convo.cipherSuite), convo.createdAt, convo.lastMessageAt,
                convo.epoch, convo.nextLeaf, convo.metadata.map { text(JSONWriter.compact(.object($0))) },
            ])
        // Members change as a whole (join, leave); the list is small, so it is rewritten.
        try db.execute(sql: "DELETE FROM member WHERE convoId = ?", arguments: [text(convo.id)])
        for member in convo.members {
            try db.execute(
                sql: "INSERT INTO member VALUES (?, ?, ?, ?)",
                arguments: [text(convo.id), text(member.did), member.joinedAt, member.leafIndex])
        }
    }

    private static func save(_ message: MLSState.Message, convoId: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO message VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                text(convoId), message.seq, text(message.id), text(message.sender), text(message.ciphertext), message.epoch,
                message.createdAt, text(message.contentType), text(JSONWriter.compact(.array(message.attachments))),
            ])
        try db.execute(sql: "UPDATE convo SET lastMessageAt = ? WHERE id = ?", arguments: [message.createdAt, text(convoId)])
    }

    /// Everything stored, as the service's state. Members come in leaf order, messages in their
    /// conversation order, key packages in publication order (TIDs sort by time).
    func load() throws -> MLSState {
        try queue.read { db in
            var state = MLSState()
            state.lastTID = try Int64.fetchOne(db, sql: "SELECT lastTID FROM clock WHERE id = 1") ?? 0
            func text(_ row: Row, _ column: String) -> String { Self.text(row, column) ?? "" }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM convo") {
                let id = text(row, "id")
                state.convos[id] = MLSState.Convo(
                    id: id, groupId: text(row, "groupId"), creator: text(row, "creator"), cipherSuite: text(row, "cipherSuite"),
                    createdAt: row["createdAt"], lastMessageAt: row["lastMessageAt"], epoch: row["epoch"], members: [],
                    nextLeaf: row["nextLeaf"], metadata: try Self.text(row, "metadata").map { try Self.json($0).objectValue ?? [:] },
                    messages: [])
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM member ORDER BY convoId, leafIndex") {
                let member = MLSState.Member(did: text(row, "did"), joinedAt: row["joinedAt"], leafIndex: row["leafIndex"])
                state.convos[text(row, "convoId")]?.members.append(member)
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM message ORDER BY convoId, seq") {
                let message = MLSState.Message(
                    id: text(row, "id"), seq: row["seq"], sender: text(row, "sender"), ciphertext: text(row, "ciphertext"),
                    epoch: row["epoch"], createdAt: row["createdAt"], contentType: text(row, "contentType"),
                    attachments: try Self.json(text(row, "attachments")).arrayValue ?? [])
                state.convos[text(row, "convoId")]?.messages.append(message)
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM keyPackage ORDER BY id") {
                let package = MLSState.KeyPackage(
                    id: text(row, "id"), did: text(row, "did"), keyPackage: text(row, "keyPackage"), cipherSuite: text(row, "cipherSuite"),
                    createdAt: row["createdAt"], expiresAt: row["expiresAt"], consumed: row["consumed"])
                state.keyPackages[package.did, default: []].append(package)
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM blob") {
                let cid = text(row, "cid")
                state.blobs[cid] = MLSState.Blob(cid: cid, mimeType: text(row, "mimeType"), size: row["size"])
            }
            return state
        }
    }

    private static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }
}

/// Another process (or another service in this one) holds the database file.
struct MLSDatabaseInUse: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is in use by another server: stop it, or give this one another --db file" }
}
