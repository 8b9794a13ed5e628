import HearthAI
import HearthApp
import Testing

/// What Settings › AI and onboarding say about each model before any technical detail.
@Suite("Models in plain words")
struct ModelInPlainWordsTests {
    @Test("every catalog model: what it does, how big, what the licence allows — no file names or hashes")
    func standardCatalog() {
        for entry in ModelCatalog.standard.entries {
            let plain = ModelInPlainWords(entry)
            #expect(!plain.title.isEmpty && plain.benefit.count > 40, "\(entry.id)")
            #expect(plain.size.hasSuffix(" download") && plain.licence.contains("free to use"), "\(entry.id): \(plain.size), \(plain.licence)")
            for technical in [entry.fileName, entry.sha256, entry.displayName] {
                #expect(![plain.title, plain.benefit, plain.note ?? "", plain.size, plain.licence].contains { $0.contains(technical) })
            }
        }
        let qwen = ModelInPlainWords(ModelCatalog.standard.entry("qwen2.5-coder-0.5b")!)
        #expect(qwen.title == "Summaries and reply suggestions — standard" && qwen.size == "491 MB download" && qwen.note?.hasPrefix("Recommended") == true)
        #expect(ModelInPlainWords(ModelCatalog.standard.entry("qwen2.5-coder-1.5b")!).size == "1.1 GB download")
        // The spec's general candidates: their licence is Meta's own, said as such, not called open.
        let llama = ModelInPlainWords(ModelCatalog.standard.entry("llama-3.2-1b")!)
        #expect(llama.size == "808 MB download" && llama.licence.hasPrefix("Llama 3.2 Community License — free to use, also at work, within Meta's terms"))
        #expect(!llama.licence.contains("open licence"))
        #expect(ModelInPlainWords(ModelCatalog.standard.entry("llama-3.2-3b")!).size == "2.0 GB download")
        #expect(ModelCatalog.standard.entry("llama-3.2-1b")?.downloadURL?.absoluteString
                == "https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf")
        #expect(ModelCatalog.standard.entry("llama-3.2-3b")?.downloadURL?.absoluteString
                == "https://huggingface.co/unsloth/Llama-3.2-3B-Instruct-GGUF/resolve/main/Llama-3.2-3B-Instruct-Q4_K_M.gguf")
    }

    @Test("no two catalog models share a title: each says which one it is")
    func distinctTitles() {
        let titles = ModelCatalog.standard.entries.map { ModelInPlainWords($0).title }
        #expect(Set(titles).count == titles.count, "\(titles)")
        #expect(ModelInPlainWords(ModelCatalog.standard.entry("qwen2.5-coder-1.5b")!).title == "Summaries and reply suggestions — larger and more careful")
    }

    @Test("an unknown licence is shown as it is, not claimed to be open")
    func unknownLicence() {
        let entry = ModelCatalogEntry(id: "x", displayName: "X", role: .embedding, fileName: "x.gguf", sizeBytes: 999, sha256: "00",
                                      license: "Proprietary", licenseURL: nil, downloadURL: nil, provenance: "", preference: 0)
        let plain = ModelInPlainWords(entry)
        #expect(plain.licence == "Proprietary" && plain.size == "999 bytes download" && plain.note == nil)
    }
}
