package importer

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Read parses one snapshot named name (for messages), detecting its
// format from the content: a JSON object is kcat -L -J's, text with a
// "Topic:" line is kafka-topics --describe's. It refuses, with what was
// read and why, an empty input, one over MaxInputBytes, text that is not
// UTF-8, a metadata log dump (a history, which ReadMetadataLog reads), and
// anything else.
func Read(name string, data []byte) (*Snapshot, error) {
	if looksLikeMetadataLog(data) {
		return nil, fmt.Errorf("%s: a KRaft metadata log dump (%s), a history rather than a snapshot: ReadMetadataLog reads it", name, metadataLogFormat)
	}
	if len(data) > MaxInputBytes {
		return nil, fmt.Errorf("%s: %d bytes, over the %d-byte (1 MiB) limit: far more partitions than a kplay script can hold (64 brokers, 256 partitions a topic, 64 KiB of script); describe fewer topics (kafka-topics --describe --topic NAME)", name, len(data), MaxInputBytes)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("%s: empty: nothing to import; give the output of kafka-topics.sh --describe, kcat -L -J or kafka-dump-log --cluster-metadata-decoder", name)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: not UTF-8 text: neither kafka-topics --describe nor kcat -L -J output", name)
	}
	if trimmed[0] == '{' {
		return readKcat(name, trimmed)
	}
	if bytes.Contains(data, []byte("Topic:")) {
		return readDescribe(name, string(data))
	}
	first, _, _ := strings.Cut(string(trimmed), "\n")
	if r := []rune(first); len(r) > 60 {
		first = string(r[:60]) + "…"
	}
	return nil, fmt.Errorf("%s: not a format kplay imports: no \"Topic:\" line of kafka-topics --describe, no JSON object of kcat -L -J and no batch (baseOffset: …) of kafka-dump-log --cluster-metadata-decoder; it starts %q", name, first)
}
