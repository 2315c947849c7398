package importer

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxMetadataLogBytes bounds one metadata log dump, which is far wordier
// than a snapshot: an idle controller appends a NoOpRecord every
// metadata.max.idle.interval.ms (500 ms), and each prints as a batch line
// and a record line, some 480 bytes, so an idle cluster's dump grows by
// about 3.5 MB an hour. 16 MiB holds some four and a half idle hours, more
// than the one hour a kplay script spans (script.MaxScriptSpan), and
// reading and replaying it takes about 70 ms natively and 0.3 to 1.6 s as
// js/wasm under Node on a 2-core host busy with other builds
// (BenchmarkReadMetadataLog): the parser counts a NoOpRecord without
// decoding its JSON or keeping it. 16 MiB of nothing but fences and
// leader changes takes 0.6 s natively and 1.9 s as js/wasm
// (BenchmarkReplayBusyLog), so a 5 MB dump stays well under two seconds
// in the page. Over the cap, kafka-dump-log's --max-bytes or a later
// segment keeps a dump smaller.
const MaxMetadataLogBytes = 16 << 20

// MaxReadBytes is the most any input may hold: the larger of the caps of
// the formats, so a reader that does not know the format yet reads no
// more than one byte past it (cmd/kplay's readCapped).
const MaxReadBytes = max(MaxInputBytes, MaxMetadataLogBytes)

// metadataLogFormat names the format in messages and the script's header.
const metadataLogFormat = "kafka-dump-log --cluster-metadata-decoder"

// MetadataLog is a KRaft metadata log (__cluster_metadata) as kafka-dump-log
// --cluster-metadata-decoder prints it: its batches in offset order, each
// with the records kplay reads, and what was read and left out.
type MetadataLog struct {
	// Sources are the inputs read, for the script's header.
	Sources []string
	// Batches are the record batches read whole, in offset order. Control
	// batches (Raft's LeaderChange, KRaftVersion, …) are counted, not
	// kept.
	Batches []Batch
	// First and Last are the first and last batch read whole, control
	// batches included: the dump's span, whose first CreateTime is the
	// replay's zero.
	First, Last BatchID
	// Counts are the records read by type, as the dump names them
	// ("PARTITION_CHANGE_RECORD"), kept or not.
	Counts map[string]int
	// Skipped says what was read and left out, and why: one line each.
	Skipped []string
}

// Batch is one record batch: its offsets, its CreateTime (milliseconds
// since the Unix epoch; KRaft stamps a batch's records with the time it
// was built), the Raft epoch of the controller that wrote it
// (partitionLeaderEpoch), the dump's line of its header, and its records.
type Batch struct {
	BaseOffset, LastOffset int64
	Time                   int64
	RaftEpoch              int32
	Line                   int
	Records                []Record
}

// BatchID is a batch's base offset and CreateTime (ms since the Unix
// epoch).
type BatchID struct {
	Offset, Time int64
}

// Record is one metadata record of a batch: its offset (-1 when the dump
// was made with --skip-record-metadata), its line, its type as the dump
// names it, its version, and its data decoded (one of the *Record types of
// metarecords.go), or nil for a type kplay reads no data of.
type Record struct {
	Offset  int64
	Line    int
	Type    string
	Version int
	Data    any
}

// looksLikeMetadataLog says data is kafka-dump-log's output: a line, among
// the first 256, that starts as the tool's "Dumping FILE", a batch's
// "baseOffset: " or a record's "| offset: " or "| payload: " does
// (DumpLogSegments.dumpLog, printBatchLevel).
func looksLikeMetadataLog(data []byte) bool {
	s := string(data[:min(len(data), 64<<10)])
	for i := 0; i < 256 && s != ""; i++ {
		var line string
		line, s, _ = strings.Cut(s, "\n")
		if strings.HasPrefix(line, "Dumping ") || strings.HasPrefix(line, "baseOffset: ") || strings.HasPrefix(line, "| offset: ") || strings.HasPrefix(line, "| payload: ") {
			return true
		}
	}
	return false
}

// ReadMetadataLog parses the output of
//
//	kafka-dump-log --cluster-metadata-decoder --files DIR/__cluster_metadata-0/BASE.log
//
// named name (for messages). DumpLogSegments prints, per batch, a header
// line (printBatchLevel)
//
//	baseOffset: 7 lastOffset: 8 count: 2 … partitionLeaderEpoch: 1 … isControl: false … CreateTime: 1730000001210 size: 237 … isvalid: true
//
// and under it one line per record (dumpLog)
//
//	| offset: 7 CreateTime: 1730000001210 keySize: -1 valueSize: 168 sequence: -1 headerKeys: [] payload: {"type":"REGISTER_BROKER_RECORD","version":3,"data":{…}}
//
// with the payload written by ClusterMetadataLogMessageParser (the record's
// type, version and its fields as the generated JsonConverter writes them),
// or "Error at N, skipping. …" when the tool could not decode it. With
// --skip-record-metadata a record line is the payload alone: "| payload:
// {…}" as Kafka 4.4.0's tool prints it (conformance/oracle's capture), or
// " payload: {…}" as the Scala DumpLogSegments of Kafka 3.x does. "Dumping
// FILE", "Log starting offset: N" and "Snapshot end offset: …" head each
// file; lines starting with "#" are comments.
//
// What it keeps and what it leaves out, said in Skipped: a record of a type
// kplay does not know is skipped and counted; a record the tool could not
// decode, a payload that is not JSON, a line of neither shape and a batch
// whose CRC failed (isvalid: false) likewise. A last batch cut short (fewer
// record lines than its count, or a last line cut in its JSON) is a
// truncated dump: the batches before it are kept and it is left out.
//
// It refuses, saying where and why: an empty or non-UTF-8 input, one over
// MaxMetadataLogBytes, batch headers without record lines (the dump was
// made without --cluster-metadata-decoder), payloads that are not the
// decoder's JSON, a batch with more or fewer record lines than its count
// with another batch after it, offsets that go back (segments out of
// order), and a dump with no batch.
func ReadMetadataLog(name string, data []byte) (*MetadataLog, error) {
	if len(data) > MaxMetadataLogBytes {
		return nil, fmt.Errorf("%s: more than %d bytes (16 MiB), the limit for a metadata log dump: some four hours of an idle cluster's log, more than a kplay script's hour; dump one segment, or fewer bytes with kafka-dump-log --max-bytes", name, MaxMetadataLogBytes)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: not UTF-8 text: not the output of %s", name, metadataLogFormat)
	}
	p := dumpParser{name: name, log: &MetadataLog{Sources: []string{name}, Counts: map[string]int{}}, lastOffset: -1}
	if err := p.parse(string(data)); err != nil {
		return nil, err
	}
	return p.log, nil
}

// dumpParser reads a dump line by line, keeping the batch being read.
type dumpParser struct {
	name string
	log  *MetadataLog
	// cur is the batch being read and curCount its header's count;
	// curControl and curInvalid say to count its records, not keep them.
	cur        *Batch
	curCount   int
	curRecords int
	curControl bool
	curInvalid bool
	lastOffset int64
	// The tallies for Skipped, with the first line of each kind.
	garbage, undecoded, badJSON, unknown, control, invalid int
	garbageAt, undecodedAt, badJSONAt, unknownAt           int
	garbageText, undecodedText                             string
	unknownTypes                                           []string
	payloads, nonJSON                                      int
	batches, controlBatches                                int
	trailing                                               string
	truncated                                              string
}

func (p *dumpParser) parse(text string) error {
	lineNo := 0
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		lineNo++
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case strings.HasPrefix(line, "baseOffset: "):
			if err := p.header(line, lineNo); err != nil {
				return err
			}
		case strings.HasPrefix(line, "| offset: ") || strings.HasPrefix(line, "| payload: ") || strings.HasPrefix(trimmed, "payload: "):
			if err := p.record(line, lineNo, strings.TrimSpace(rest) == ""); err != nil {
				return err
			}
		case strings.HasPrefix(line, "Dumping "), strings.HasPrefix(line, "Log starting offset: "),
			strings.HasPrefix(line, "Snapshot end offset: "), line == "KRaft bootstrap snapshot":
			if err := p.endBatch(lineNo, false); err != nil {
				return err
			}
		case strings.HasPrefix(line, "Found ") && strings.Contains(line, " invalid bytes at the end of "):
			// DumpLogSegments.dumpLog: the segment's tail is not a whole
			// batch (a segment still being written, or damaged).
			p.trailing = fmt.Sprintf("line %d: the tool says %q: the segment's tail after the last whole batch was not read", lineNo, trimmed)
		case strings.HasPrefix(line, "offset: ") && strings.Contains(line, " position: "):
			return fmt.Errorf("%s:%d: a batch of an old message format (magic 0 or 1), which the KRaft metadata log never holds: is this a dump of __cluster_metadata?", p.name, lineNo)
		default:
			p.garbage++
			if p.garbage == 1 {
				p.garbageAt, p.garbageText = lineNo, clip(trimmed, 60)
			}
		}
	}
	if err := p.endBatch(lineNo, true); err != nil {
		return err
	}
	return p.finish()
}

// header starts a batch at a printBatchLevel line.
func (p *dumpParser) header(line string, lineNo int) error {
	if err := p.endBatch(lineNo, false); err != nil {
		return err
	}
	f := headerFields(line)
	base, err1 := f.int("baseOffset")
	last, err2 := f.int("lastOffset")
	count, err3 := f.int("count")
	t, err4 := f.int("CreateTime")
	if err4 != nil && f["LogAppendTime"] != "" {
		t, err4 = f.int("LogAppendTime")
	}
	epoch, err5 := f.int("partitionLeaderEpoch")
	for _, err := range []error{err1, err2, err3, err4, err5} {
		if err != nil {
			return fmt.Errorf("%s:%d: a batch line (baseOffset: …) %v: damaged or cut?", p.name, lineNo, err)
		}
	}
	if base < 0 || last < base || count < 1 || count != last-base+1 {
		return fmt.Errorf("%s:%d: a batch line with baseOffset: %d, lastOffset: %d and count: %d, which do not agree", p.name, lineNo, base, last, count)
	}
	if base <= p.lastOffset {
		return fmt.Errorf("%s:%d: the batch at offset %d comes after offset %d: the offsets go back (segments out of order, or one dumped twice?); give kafka-dump-log the segments in order", p.name, lineNo, base, p.lastOffset)
	}
	p.lastOffset = last
	p.cur = &Batch{BaseOffset: base, LastOffset: last, Time: t, RaftEpoch: int32(epoch), Line: lineNo}
	p.curCount, p.curRecords = int(count), 0
	p.curControl = f["isControl"] == "true"
	p.curInvalid = f["isvalid"] == "false"
	return nil
}

// endBatch closes the batch being read at lineNo (the next batch's
// header, a file's heading, or the end of the input: atEnd).
func (p *dumpParser) endBatch(lineNo int, atEnd bool) error {
	b := p.cur
	if b == nil {
		return nil
	}
	p.cur = nil
	if p.curRecords == 0 && p.payloads == 0 && !p.curControl {
		return fmt.Errorf("%s:%d: the batch at offset %d has no record lines under it: was the dump made without --cluster-metadata-decoder? Run kafka-dump-log --cluster-metadata-decoder --files …/__cluster_metadata-0/….log", p.name, b.Line, b.BaseOffset)
	}
	if p.curRecords != p.curCount && !p.curControl {
		// (A control batch's records print no payload, and with
		// --skip-record-metadata nothing at all: they are not counted.)
		if atEnd && p.curRecords < p.curCount {
			p.truncated = fmt.Sprintf("the last batch (line %d, offsets %d to %d) says count: %d, but %d record line(s) follow it: the dump is cut short there, and that batch is left out", b.Line, b.BaseOffset, b.LastOffset, p.curCount, p.curRecords)
			return nil
		}
		return fmt.Errorf("%s:%d: the batch at offset %d says count: %d, but %d record line(s) follow it before line %d: the dump was cut or edited here", p.name, b.Line, b.BaseOffset, p.curCount, p.curRecords, lineNo)
	}
	if p.batches == 0 {
		p.log.First = BatchID{b.BaseOffset, b.Time}
	}
	p.batches++
	p.log.Last = BatchID{b.LastOffset, b.Time}
	switch {
	case p.curControl:
		p.control += p.curCount
		p.controlBatches++
	case p.curInvalid:
		p.invalid++
	case len(b.Records) > 0:
		p.log.Batches = append(p.log.Batches, *b)
	}
	return nil
}

// record reads one record line of the batch being read; last says it is
// the input's last line, where a payload cut short is a truncated dump.
func (p *dumpParser) record(line string, lineNo int, last bool) error {
	if p.cur == nil {
		p.garbage++
		if p.garbage == 1 {
			p.garbageAt, p.garbageText = lineNo, clip(strings.TrimSpace(line), 60)
		}
		return nil
	}
	p.curRecords++
	if p.curRecords > p.curCount {
		return fmt.Errorf("%s:%d: the batch at offset %d (line %d) says count: %d, but more record lines follow it: the dump was edited here", p.name, lineNo, p.cur.BaseOffset, p.cur.Line, p.curCount)
	}
	offset := int64(-1)
	if v, ok := strings.CutPrefix(line, "| offset: "); ok {
		v, _, _ = strings.Cut(v, " ")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("%s:%d: a record line's offset: %q is not a whole number", p.name, lineNo, clip(v, 24))
		}
		offset = n
		if want := p.cur.BaseOffset + int64(p.curRecords-1); offset != want {
			return fmt.Errorf("%s:%d: record offset %d where the batch at offset %d (line %d) puts offset %d: the dump was edited here", p.name, lineNo, offset, p.cur.BaseOffset, p.cur.Line, want)
		}
	}
	if p.curControl || p.curInvalid {
		return nil
	}
	i := strings.Index(line, "payload: ")
	if i < 0 {
		return fmt.Errorf("%s:%d: a record line without payload: the dump was made without --cluster-metadata-decoder, which prints each record as JSON", p.name, lineNo)
	}
	payload := strings.TrimSpace(line[i+len("payload: "):])
	p.payloads++
	if !strings.HasPrefix(payload, "{") {
		if strings.HasPrefix(payload, "Error at ") {
			// ClusterMetadataLogMessageParser could not decode it.
			p.undecoded++
			if p.undecoded == 1 {
				p.undecodedAt, p.undecodedText = lineNo, clip(payload, 160)
			}
			return nil
		}
		p.nonJSON++
		if p.nonJSON == 1 && p.payloads == 1 {
			return fmt.Errorf("%s:%d: the payload is not JSON (%q): was the dump made without --cluster-metadata-decoder, or of a topic other than __cluster_metadata?", p.name, lineNo, clip(payload, 40))
		}
		p.noteBadJSON(lineNo)
		return nil
	}
	typ, version, data, err := splitPayload(payload)
	if err != nil {
		if last {
			p.truncated = fmt.Sprintf("line %d, the last, is cut in its JSON (%v): the dump is cut short there, and its batch (offset %d) is left out", lineNo, err, p.cur.BaseOffset)
			p.cur = nil
			return nil
		}
		p.noteBadJSON(lineNo)
		return nil
	}
	p.log.Counts[typ]++
	rec := Record{Offset: offset, Line: lineNo, Type: typ, Version: version}
	known, decode := recordKind(typ)
	if !known {
		p.unknown++
		if p.unknown == 1 {
			p.unknownAt = lineNo
		}
		if len(p.unknownTypes) < 8 && !slices.Contains(p.unknownTypes, typ) {
			p.unknownTypes = append(p.unknownTypes, typ)
		}
		return nil
	}
	if decode == nil && !transactionMarker(typ) {
		return nil // counted; nothing kplay reads in it
	}
	if decode != nil {
		v, err := decode(data)
		if err != nil {
			if last && !json.Valid([]byte(data)) {
				p.truncated = fmt.Sprintf("line %d, the last, is cut in its JSON (%v): the dump is cut short there, and its batch (offset %d) is left out", lineNo, err, p.cur.BaseOffset)
				p.cur = nil
				return nil
			}
			return fmt.Errorf("%s:%d: a %s whose data kplay cannot read: %v", p.name, lineNo, typ, err)
		}
		rec.Data = v
	}
	p.cur.Records = append(p.cur.Records, rec)
	return nil
}

func (p *dumpParser) noteBadJSON(lineNo int) {
	p.badJSON++
	if p.badJSON == 1 {
		p.badJSONAt = lineNo
	}
}

// finish checks something was read and writes the notes.
func (p *dumpParser) finish() error {
	l := p.log
	if len(l.Batches) == 0 {
		switch {
		case p.truncated != "":
			return fmt.Errorf("%s: no whole batch to import: %s", p.name, p.truncated)
		case p.garbage > 0 && p.control == 0 && p.payloads == 0:
			return fmt.Errorf("%s: no batch of %s read: %d line(s) of neither a batch's shape (baseOffset: …) nor a record's (| offset: … payload: {…}); the first, line %d, is %q", p.name, metadataLogFormat, p.garbage, p.garbageAt, p.garbageText)
		}
		if p.batches > p.controlBatches {
			return fmt.Errorf("%s: %d batch(es) of metadata records read, none of brokers, topics or partitions (%s): nothing to import", p.name, p.batches-p.controlBatches, countsText(l.Counts))
		}
		return fmt.Errorf("%s: no metadata record batch in the dump (%d control record(s) of Raft only): nothing to import", p.name, p.control)
	}
	if p.truncated != "" {
		l.Skipped = append(l.Skipped, p.name+": truncated: "+p.truncated)
	}
	if p.trailing != "" {
		l.Skipped = append(l.Skipped, p.name+": "+p.trailing)
	}
	if p.garbage > 0 {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %d line(s) that are neither a batch nor a record of the dump (the first, line %d: %q), skipped", p.name, p.garbage, p.garbageAt, p.garbageText))
	}
	if p.undecoded > 0 {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %d record(s) kafka-dump-log could not decode (the first, line %d: %q), skipped", p.name, p.undecoded, p.undecodedAt, p.undecodedText))
	}
	if p.badJSON > 0 {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %d record(s) whose payload is not the decoder's JSON (the first at line %d), skipped", p.name, p.badJSON, p.badJSONAt))
	}
	if p.unknown > 0 {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %d record(s) of a type kplay does not know (%s; the first at line %d), skipped: a newer Kafka's, or not a metadata record", p.name, p.unknown, strings.Join(p.unknownTypes, ", "), p.unknownAt))
	}
	if p.invalid > 0 {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %d batch(es) whose CRC check failed (isvalid: false), skipped", p.name, p.invalid))
	}
	return nil
}

// splitPayload reads a decoder payload {"type":"T","version":V,"data":{…}}
// into its type, version and data (still JSON). Jackson writes it compact
// and in that order (ClusterMetadataLogMessageParser), so the data is not
// decoded here: a NoOpRecord costs a few comparisons.
func splitPayload(s string) (typ string, version int, data string, err error) {
	const pre = `{"type":"`
	if !strings.HasPrefix(s, pre) || !strings.HasSuffix(s, "}") {
		return "", 0, "", fmt.Errorf(`not {"type":…,"version":…,"data":{…}}`)
	}
	rest := s[len(pre):]
	end := strings.IndexByte(rest, '"')
	if end <= 0 {
		return "", 0, "", fmt.Errorf("no record type")
	}
	typ, rest = rest[:end], rest[end+1:]
	v, rest, ok := strings.Cut(strings.TrimPrefix(rest, `,"version":`), `,"data":`)
	n, verr := strconv.Atoi(v)
	if !ok || verr != nil || n < 0 || n > 1000 {
		return "", 0, "", fmt.Errorf(`no "version" and "data" after the type`)
	}
	return typ, n, rest[:len(rest)-1], nil
}

// batchHeader holds the values of a printBatchLevel line's keys, "" for
// a key the line lacks.
type batchHeader map[string]string

// headerKeys are the keys kplay reads of a printBatchLevel line.
var headerKeys = [...]string{"baseOffset", "lastOffset", "count", "partitionLeaderEpoch", "CreateTime", "LogAppendTime", "isControl", "isvalid"}

// headerFields reads a line of space-separated "key: value" pairs in one
// pass, keeping the values of headerKeys.
func headerFields(line string) batchHeader {
	h := make(batchHeader, len(headerKeys))
	for rest := line; rest != ""; {
		var key, val string
		key, rest, _ = strings.Cut(rest, " ")
		k, ok := strings.CutSuffix(key, ":")
		if !ok {
			continue
		}
		val, rest, _ = strings.Cut(rest, " ")
		if slices.Contains(headerKeys[:], k) {
			h[k] = val
		}
	}
	return h
}

// int reads field key of a batch line as a whole number.
func (h batchHeader) int(key string) (int64, error) {
	v := h[key]
	if v == "" {
		return 0, fmt.Errorf("has no %s: field", key)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("has %s: %q, not a whole number", key, clip(v, 24))
	}
	return n, nil
}

// countsText writes record counts by type, in type order.
func countsText(counts map[string]int) string {
	types := make([]string, 0, len(counts))
	for t := range counts {
		types = append(types, t)
	}
	slices.Sort(types)
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = fmt.Sprintf("%d %s", counts[t], t)
	}
	return strings.Join(out, ", ")
}

// clip shortens s to n runes, marking the cut.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
