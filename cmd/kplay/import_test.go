package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportThenTest: kplay import on each fixture (importer/testdata:
// kafka-topics --describe of Kafka 3.x and 4.x, kcat -L -J, and the
// KRaft metadata log dumps of kafka-dump-log --cluster-metadata-decoder)
// prints a script that kplay test passes whole: every claim of the
// snapshot's state, and of each state the log records, holds on kplay's
// cluster.
func TestImportThenTest(t *testing.T) {
	files, err := filepath.Glob("../../importer/testdata/*")
	if err != nil || len(files) < 8 {
		t.Fatalf("fixtures: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			out := importTo(t, f)
			var so, se bytes.Buffer
			if code := cli([]string{"test", out}, &so, &se); code != 0 {
				t.Fatalf("kplay test exit %d:\n%s%s", code, so.String(), se.String())
			}
			if !strings.HasSuffix(so.String(), " 0 failed\n") {
				t.Errorf("kplay test: %s", so.String())
			}
		})
	}
}

// TestImportShowsWhereKplayDiffers: a snapshot kplay's controller cannot
// reach fails kplay test at that claim alone. The ELR holds replicas only
// while the ISR is below min.insync.replicas (KIP-966,
// PartitionChangeBuilder.maybePopulateTargetElr: the ELR is emptied when
// the ISR reaches it), so "Isr: 1,2  Elr: 3" with min.insync.replicas=2
// is refused by the claim on the ELR and nothing else.
func TestImportShowsWhereKplayDiffers(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "odd.describe")
	desc := "Topic: t\tTopicId: kQot7IkCTMG-642hZY7sZw\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: min.insync.replicas=2\n" +
		"\tTopic: t\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2\tElr: 3\tLastKnownElr: \n"
	if err := os.WriteFile(in, []byte(desc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := importTo(t, in)
	var so, se bytes.Buffer
	if code := cli([]string{"test", out}, &so, &se); code != 1 {
		t.Fatalf("kplay test exit %d, want 1:\n%s", code, so.String())
	}
	got := so.String()
	if !strings.Contains(got, "expect elr t-0=(3)") || !strings.Contains(got, "+claim failed: t-0's ELR is none, not (3)") || !strings.Contains(got, " 1 failed\n") {
		t.Errorf("kplay test should fail at the ELR claim alone:\n%s", got)
	}
}

// TestImportBadInput: the command's refusals exit non-zero with a
// message naming the file and why; none panics.
func TestImportBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := make([]byte, 2<<20)
	for i := range big {
		big[i] = 'x'
	}
	bigDump := append([]byte("Dumping x.log\n"), make([]byte, 16<<20)...)
	header := "baseOffset: 0 lastOffset: 0 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 1 isTransactional: false isControl: false deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1730000000000 size: 80 magic: 2 compresscodec: none crc: 1 isvalid: true\n"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import"}, 2, "usage: kplay import"},
		{[]string{"import", filepath.Join(dir, "missing")}, 1, "no such file"},
		{[]string{"import", write("empty", "")}, 1, "empty: nothing to import"},
		{[]string{"import", write("garbage", "PANIC at the disco\n")}, 1, "not a format kplay imports"},
		{[]string{"import", write("big", string(big))}, 1, "over the 1048576-byte (1 MiB) limit"},
		{[]string{"import", write("msgs.json", `{"topic":"t","partition":0,"offset":1}`)}, 1, "not the shape of kcat -L -J"},
		{[]string{"import", write("plain.dump", "Dumping x.log\n"+header)}, 1, "plain.dump:2: the batch at offset 0 has no record lines under it: was the dump made without --cluster-metadata-decoder?"},
		{[]string{"import", write("big.dump", string(bigDump))}, 1, "big.dump: more than 16777216 bytes (16 MiB), the limit for a metadata log dump"},
		{[]string{"import", "../../importer/testdata/crash-shutdown-39.metadata-dump", "../../importer/testdata/healthy-3x.describe"}, 1, "a metadata log dump (kafka-dump-log --cluster-metadata-decoder), and ../../importer/testdata/healthy-3x.describe: a snapshot"},
	} {
		var so, se bytes.Buffer
		code := cli(tc.args, &so, &se)
		if code != tc.code || !strings.Contains(se.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args[1:], code, se.String(), tc.code, tc.want)
		}
		if so.Len() != 0 {
			t.Errorf("%v: printed a script on failure: %q", tc.args[1:], so.String())
		}
	}
}

// TestImportPlain: -plain prints the commands without outputs, ending
// with the claims.
func TestImportPlain(t *testing.T) {
	var so, se bytes.Buffer
	if code := cli([]string{"import", "-plain", "../../importer/testdata/follower-out-3x.describe"}, &so, &se); code != 0 {
		t.Fatalf("exit %d: %s", code, se.String())
	}
	if strings.Contains(so.String(), "----") || !strings.Contains(so.String(), "create-topic t assignment=(1:2:3, 2:3:1)\n") ||
		!strings.HasSuffix(so.String(), "expect isr t-0=(1,2) t-1=(2,3,1)\n") {
		t.Errorf("-plain:\n%s", so.String())
	}
}

// importTo runs kplay import on in and writes its script to a file,
// returning its path.
func importTo(t *testing.T, in string) string {
	t.Helper()
	var so, se bytes.Buffer
	if code := cli([]string{"import", in}, &so, &se); code != 0 {
		t.Fatalf("kplay import %s: exit %d: %s", in, code, se.String())
	}
	out := filepath.Join(t.TempDir(), "imported.txt")
	if err := os.WriteFile(out, so.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}
