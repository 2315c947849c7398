package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"kplay/engine/script"
)

// vsGolden is the acks story run three ways (base acks=all, variants
// acks=1 and acks=0): kplay run of it prints it again, byte for byte.
const vsGolden = "testdata/vs-acks.txt"

// TestRunVariantsGolden: kplay run of a script with two vs lines prints
// the base's golden text, each variant's run and the differences table,
// and that text is the golden file itself (kplay test passes on it, and
// its stripped form runs to it too). The table's rows are Kafka's rules
// for acks (ProducerConfig's ACKS_DOC) and min.insync.replicas:
//
//   - t-0 m2: with acks=all (the base) the producer is answered only
//     once the ISR has the record, so m2, which broker 1 appended just
//     before it crashed, is answered only after the retry to broker 2
//     (the new leader, ISR 2,3 meets min.insync.replicas=2): kept. With
//     acks=1 broker 1 answers at once ("should the leader fail
//     immediately after acknowledging the record but before the
//     followers have replicated it then the record will be lost"): lost.
//     With acks=0 the producer does not wait and does not retry ("the
//     retries configuration will not take effect"): m2 is on no leader.
//     The runs differ from 10.000, when acks=1 is answered and acks=0
//     sent without waiting while acks=all still waits.
//   - t-0 HW: only the base writes m2 again on broker 2 and 3, so only
//     its high watermark passes it (3, at the retry, 19.500); the
//     variants end at 2, m0 and m1.
//   - t-0 violations: acks=1 acknowledged m2 and the election of broker
//     2, which never had it, loses it (19.000, broker 1 fenced after
//     broker.session.timeout.ms): the guarantee an acknowledged write
//     keeps is broken in that run alone. acks=0 was never acknowledged,
//     so its loss breaks none (the docs: "no guarantee can be made").
func TestRunVariantsGolden(t *testing.T) {
	want, err := os.ReadFile(vsGolden)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := cli([]string{"run", vsGolden}, &out, &errb); code != 0 {
		t.Fatalf("kplay run exit %d: %s", code, errb.String())
	}
	if out.String() != string(want) {
		t.Errorf("kplay run %s does not print the file again; it prints:\n%s", vsGolden, out.String())
	}
	table := "# ==== differences between the runs ====\n" +
		"# what            first differs  base          acks=1                   acks=0\n" +
		"# t-0 m2          00:00:10.000   acknowledged  acknowledged, then lost  sent without waiting (acks=0), not on the leader\n" +
		"# t-0 HW          00:00:19.500   3             2                        2\n" +
		"# t-0 violations  00:00:19.000   -             AcknowledgedWriteLost    -\n"
	if !strings.HasSuffix(out.String(), table) {
		t.Errorf("the differences table is not\n%s", table)
	}
	for _, header := range []string{"# ==== variant \"acks=1\" (vs acks=1): its run ====\n", "# ==== variant \"acks=0\" (vs acks=0): its run ====\n"} {
		if strings.Count(out.String(), header) != 1 {
			t.Errorf("no one %q", header)
		}
	}
	var tout bytes.Buffer
	if code := cli([]string{"test", vsGolden}, &tout, &errb); code != 0 || !strings.HasSuffix(tout.String(), " passed, 0 failed\n") {
		t.Errorf("kplay test %s: exit %d\n%s", vsGolden, code, tout.String())
	}
	var sout bytes.Buffer
	if code := cli([]string{"run", writeFile(t, "stripped.txt", script.StripExpected(string(want)))}, &sout, &errb); code != 0 || sout.String() != out.String() {
		t.Errorf("the stripped script runs to different text (exit %d):\n%s", code, sout.String())
	}
}

// TestRunVariantsDeterministic: running the variants twice prints the
// same bytes.
func TestRunVariantsDeterministic(t *testing.T) {
	var a, b, errb bytes.Buffer
	if code := cli([]string{"run", vsGolden}, &a, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if code := cli([]string{"run", vsGolden}, &b, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) || !strings.Contains(a.String(), "differences between the runs") {
		t.Error("two runs of the variants differ")
	}
}

// TestTestChecksVariantClaims: kplay test checks an expect vs="LABEL" in
// that variant's run: a false claim about the acks=1 run fails, where
// the same claim holds in the base. (The lines without expected output
// fail too, as in any kplay test; the test looks at the two claims.)
func TestTestChecksVariantClaims(t *testing.T) {
	src := "cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0\n" +
		"vs \"acks=1\" acks=1\ncreate-topic t\nslow 1 2 latency=(1,1)\nslow 1 3 latency=(1,1)\n" +
		"produce t-0 values=(m2)\nrun until=00:00:00.000 events=none\ncrash 1\nrun until=00:01:00.000 events=none\n" +
		"expect kept t-0 values=(m2)\n----\nok\n\n" +
		"expect vs=\"acks=1\" kept t-0 values=(m2)\n----\nok\n"
	var out, errb bytes.Buffer
	if code := cli([]string{"test", writeFile(t, "v.txt", src)}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, out.String())
	}
	for _, want := range []string{
		":14: expect vs=\"acks=1\" kept t-0 values=(m2)\n",
		"-ok\n+claim failed: t-0's kept records are none, not (m2)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("kplay test output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), ":10: expect kept") {
		t.Errorf("the base's claim failed:\n%s", out.String())
	}
}

// TestRunVariantErrors: a variant that changes nothing stops the
// variants, with its line on stderr and exit 1; the base still prints.
func TestRunVariantErrors(t *testing.T) {
	p := writeFile(t, "v.txt", "cluster brokers=3\nvs \"same\" brokers=3\n")
	var out, errb bytes.Buffer
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := p + ":2:1: vs \"same\" changes nothing: the script already runs with brokers=3\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	if !strings.HasPrefix(out.String(), "cluster brokers=3\n----\nok\n") || strings.Contains(out.String(), "====") {
		t.Errorf("stdout:\n%s", out.String())
	}
}

// TestRunVariantDuplicate: the duplicate-on-retry incident (Kafka 2.8's
// producer, not idempotent by default before KIP-679) beside the same
// run with enable.idempotence=true. Without idempotence the broker
// cannot tell the resent m2 from a new record and appends it again
// (offset 2, at 2.220, the moment the scenario's why shows); with it the
// leader recognises the retry by its producer id and sequence (KIP-98)
// and appends nothing, so that log ends at 2 and the other's HW at 3.
// The runs first differ at the second append, before either producer is
// answered.
func TestRunVariantDuplicate(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/incident-duplicate-on-retry.txt")
	if err != nil {
		t.Fatal(err)
	}
	const line = "cluster kafka=2.8 brokers=3 latency=(10,10)\n"
	if !strings.Contains(string(src), line) {
		t.Fatalf("the scenario has no line %q", line)
	}
	text := strings.Replace(script.StripExpected(string(src)), line, line+"vs \"idempotent\" enable.idempotence=true\n", 1)
	var out, errb bytes.Buffer
	if code := cli([]string{"run", writeFile(t, "dup.txt", text)}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	table := "# ==== differences between the runs ====\n" +
		"# what    first differs  base                      idempotent\n" +
		"# t-0 m2  00:00:02.220   acknowledged, duplicated  acknowledged\n" +
		"# t-0 HW  00:00:02.240   3                         2\n"
	if !strings.HasSuffix(out.String(), table) {
		t.Errorf("the differences table is not\n%s\nkplay run printed:\n%s", table, out.String()[max(0, out.Len()-600):])
	}
}

// TestRunVariantRefused: the not-enough-replicas lesson (brokers 2 and
// 3 down, min.insync.replicas=2) beside min.insync.replicas@t=1 (the
// topic's config) and retries=0. Kafka's rules (the docs of
// min.insync.replicas, acks, retries and delivery.timeout.ms):
//
//   - base: acks=all with an ISR of one below min.insync.replicas=2: m2,
//     appended before the controller noticed, is never acknowledged and
//     the producer gives up after delivery.timeout.ms (TimeoutException);
//     m3, sent after, is refused (NOT_ENOUGH_REPLICAS, retriable) and
//     retried, still waiting at the end, never appended.
//   - min.insync.replicas@t=1: acks=all waits for the ISR, which is
//     broker 1 alone from 19.000, so m2 is acknowledged then, m3 after,
//     and the HW passes m0 to m4 (5).
//   - retries=0: the first failure ends each send: m2's request times
//     out (REQUEST_TIMED_OUT), m3 is refused with NOT_ENOUGH_REPLICAS
//     and never appended.
func TestRunVariantRefused(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/not-enough-replicas.txt")
	if err != nil {
		t.Fatal(err)
	}
	const line = "cluster brokers=3 latency=(0,0) linger.ms=0 min.insync.replicas=2 eligible.leader.replicas.version=0\n"
	if !strings.Contains(string(src), line) {
		t.Fatalf("the scenario has no line %q", line)
	}
	text := strings.Replace(script.StripExpected(string(src)), line,
		line+"vs \"topic min ISR 1\" min.insync.replicas@t=1\nvs \"no retries\" retries=0 enable.idempotence=false\n", 1)
	var out, errb bytes.Buffer
	if code := cli([]string{"run", writeFile(t, "ner.txt", text)}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	table := "# ==== differences between the runs ====\n" +
		"# what    first differs  base                                    topic min ISR 1  no retries\n" +
		"# t-0 m2  00:00:19.000   failed: TimeoutException                acknowledged     refused: REQUEST_TIMED_OUT\n" +
		"# t-0 m3  00:00:19.100   sent, no answer yet, not on the leader  acknowledged     refused: NOT_ENOUGH_REPLICAS\n" +
		"# t-0 HW  00:00:19.000   2                                       5                2\n"
	if !strings.HasSuffix(out.String(), table) {
		t.Errorf("the differences table is not\n%s\nkplay run printed:\n%s", table, out.String()[max(0, out.Len()-900):])
	}
	if !strings.Contains(out.String(), "# create-topic t partitions=1 rf=3 min.insync.replicas=1\n") {
		t.Error("the variant's create-topic line does not show its min.insync.replicas=1")
	}
}

// TestVariantFailuresFail: a line that fails only in a variant's run (a
// broker the variant's smaller cluster lacks) fails kplay run, kplay test
// and kplay link, naming the variant and the line; so does a vs that
// changes nothing.
func TestVariantFailuresFail(t *testing.T) {
	p := writeFile(t, "v.txt", "cluster brokers=3\n----\nok\n\nvs \"two\" brokers=2\n----\nok\n\ncrash 3\n----\n00:00:00.000 b3 crashed\n")
	var out, errb bytes.Buffer
	if code := cli([]string{"run", p}, &out, &errb); code != 1 {
		t.Errorf("kplay run: exit %d, want 1", code)
	}
	want := p + ":9:1: in variant \"two\" (brokers=2): "
	if !strings.HasPrefix(errb.String(), want) {
		t.Errorf("kplay run: stderr %q, want it to start %q", errb.String(), want)
	}
	out.Reset()
	if code := cli([]string{"test", p}, &out, &errb); code != 1 || !strings.Contains(out.String(), "FAIL "+want) {
		t.Errorf("kplay test: exit %d:\n%s", code, out.String())
	}
	errb.Reset()
	if code := cli([]string{"link", p}, &out, &errb); code == 0 || !strings.Contains(errb.String(), "in variant \"two\"") {
		t.Errorf("kplay link: exit %d, stderr %q", code, errb.String())
	}
}
