package importer

import (
	"fmt"
	"strings"
)

// Input is one file to import: its name, for messages, and its content.
type Input struct {
	Name string
	Data []byte
}

// Import reads inputs of one cluster and writes the scenario script: from
// snapshots (kafka-topics --describe, kcat -L -J; Read, Merge, Script) one
// that reaches their state, or from KRaft metadata log dumps
// (kafka-dump-log --cluster-metadata-decoder; ReadMetadataLog,
// MetadataLogScript) one that replays their history. Several dumps are
// read as one log, in the order given, each after the one before; a dump
// and a snapshot are not imported together. Errors name the input and say
// what was read and why.
func Import(inputs []Input) (string, error) {
	if len(inputs) == 0 {
		return "", fmt.Errorf("nothing to import: give the output of kafka-topics.sh --describe, kcat -L -J or %s", metadataLogFormat)
	}
	var logs, snaps []string
	for _, in := range inputs {
		if looksLikeMetadataLog(in.Data) {
			logs = append(logs, in.Name)
		} else {
			snaps = append(snaps, in.Name)
		}
	}
	if len(logs) > 0 && len(snaps) > 0 {
		return "", fmt.Errorf("%s: a metadata log dump (%s), and %s: a snapshot; import a log's history or a snapshot's state, not both at once", strings.Join(logs, ", "), metadataLogFormat, strings.Join(snaps, ", "))
	}
	if len(logs) == 0 {
		var read []*Snapshot
		for _, in := range inputs {
			s, err := Read(in.Name, in.Data)
			if err != nil {
				return "", err
			}
			read = append(read, s)
		}
		return Script(Merge(read))
	}
	var all *MetadataLog
	for _, in := range inputs {
		l, err := ReadMetadataLog(in.Name, in.Data)
		if err != nil {
			return "", err
		}
		if all == nil {
			all = l
			continue
		}
		if l.First.Offset <= all.Last.Offset {
			return "", fmt.Errorf("%s: starts at offset %d, not after %s's last offset %d: give the dumps in offset order, each once", in.Name, l.First.Offset, all.Sources[len(all.Sources)-1], all.Last.Offset)
		}
		all.Sources = append(all.Sources, l.Sources...)
		all.Batches = append(all.Batches, l.Batches...)
		all.Last = l.Last
		all.Skipped = append(all.Skipped, l.Skipped...)
		for t, n := range l.Counts {
			all.Counts[t] += n
		}
	}
	return MetadataLogScript(all)
}
