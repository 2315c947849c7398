package engine_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// TestLossCauseUnflushedTail: an acks=1 record that every replica held
// and that was committed (HW 1 on all three) is lost only because every
// broker crashed and dropped its unflushed tail (crash lose-unflushed=1;
// Kafka's log.flush.interval.messages defaults to Long.MAX_VALUE, so an
// acknowledged record may sit only in the page cache). The violation must
// name that cause, not "acks=1 was answered before any follower had the
// record". An acks=1 record lost the classic way (leader crash before any
// follower fetched it) keeps the acks=1 explanation.
func TestLossCauseUnflushedTail(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := mustNew(t, cfg)
	mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksOne})
	c.AdvanceTo(5000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		if r := kipReplica(t, c, b); r.LEO != 1 || r.HW != 1 {
			t.Fatalf("precondition: B%d LEO %d HW %d, want m0 committed everywhere (1/1)", b, r.LEO, r.HW)
		}
	}
	for _, b := range []engine.BrokerID{1, 2, 3} {
		mustApply(t, c, engine.Crash{Broker: b, LoseUnflushed: 1})
	}
	c.AdvanceTo(10000)
	for _, b := range []engine.BrokerID{1, 2, 3} {
		mustApply(t, c, engine.Restart{Broker: b})
	}
	c.AdvanceTo(30000)
	var lost []string
	for _, e := range kipEvents(c, engine.EvViolation) {
		if strings.HasPrefix(e.Text, "AcknowledgedWriteLost") {
			lost = append(lost, e.Text)
		}
	}
	if len(lost) != 1 || !strings.Contains(lost[0], "unflushed tail") || strings.Contains(lost[0], "before any follower") {
		t.Fatalf("lost-write violations %q, want one naming the dropped unflushed tail", lost)
	}
}

// TestLossCauseAcksOne is the classic acks=1 loss (reference S5 style): the
// leader answers m2 right after its local append and crashes before any
// follower fetched it; the new leader lacks it, and the violation says
// acks=1 was answered before any follower had the record.
func TestLossCauseAcksOne(t *testing.T) {
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 3, 2)
	c.AdvanceTo(5000)
	// Followers fetch every replica.fetch.wait.max.ms at most; cut them
	// off from B1 so that m2 stays on B1 alone.
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(3)})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
	c.AdvanceTo(5100)
	if len(kipEvents(c, engine.EvProduceAcked)) != 2 {
		t.Fatalf("precondition: acks %v, want m0 m1 and m2 acknowledged", kipEvents(c, engine.EvProduceAcked))
	}
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(30000)
	var lost []string
	for _, e := range kipEvents(c, engine.EvViolation) {
		if strings.HasPrefix(e.Text, "AcknowledgedWriteLost") {
			lost = append(lost, e.Text)
		}
	}
	if len(lost) != 1 || !strings.Contains(lost[0], "m2") || !strings.HasSuffix(lost[0], ": acks=1 was answered before any follower had the record") {
		t.Fatalf("lost-write violations %q, want m2's, explained by acks=1", lost)
	}
}

// m1OnTheLeaderAlone is a two-broker cluster (min.insync.replicas=1, no
// automatic rebalance, unclean.leader.election.enable as unclean) whose
// broker 2 crashed at 1 s and left the ISR, so that broker 1 alone
// committed m1, produced with acks=all at 20 s; it stands at 21 s.
func m1OnTheLeaderAlone(t *testing.T, unclean bool) *engine.Cluster {
	t.Helper()
	cfg := kipConfig()
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	cfg.UncleanLeaderElectionEnable = unclean
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(20000)
	if isr := kipPart(t, c).ISR; len(isr) != 1 || isr[0] != 1 {
		t.Fatalf("precondition: ISR %v after broker 2's crash, want [1]", isr)
	}
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(21000)
	return c
}

// TestViolationAllowance: a lost record's violation says what allowed the
// loss when Kafka never promised to keep the record, and nothing when it
// did. From Kafka's documentation: the producer's acks (with acks=1,
// "should the leader fail immediately after acknowledging the record but
// before the followers have replicated it then the record will be
// lost"), unclean.leader.election.enable ("even though doing so may
// result in data loss"), and KIP-460's unclean election asked for by
// hand; a committed record lost to dropped unflushed tails is lost with
// every broker's setting at its default, and is allowed by none.
func TestViolationAllowance(t *testing.T) {
	allowances := func(c *engine.Cluster) []engine.LossAllowance {
		var out []engine.LossAllowance
		for _, e := range kipEvents(c, engine.EvViolation) {
			out = append(out, engine.ViolationAllowance(e))
		}
		return out
	}
	// unclean loses m1, committed on broker 1 alone (min.insync.replicas=1
	// after broker 2 left the ISR), to broker 2 leading without it.
	unclean := func(t *testing.T, setting, byHand bool) *engine.Cluster {
		c := m1OnTheLeaderAlone(t, setting)
		mustApply(t, c, engine.Crash{Broker: 1})
		mustApply(t, c, engine.Restart{Broker: 2})
		c.AdvanceTo(40000)
		if byHand {
			mustApply(t, c, engine.ElectLeaders{Unclean: true, TP: kipT0})
			c.AdvanceTo(41000)
		}
		if l := kipPart(t, c).Leader; l != 2 {
			t.Fatalf("precondition: leader %d, want broker 2 by an unclean election", l)
		}
		return c
	}
	t.Run("acks=1", func(t *testing.T) {
		cfg := kipConfig()
		cfg.MinInsyncReplicas = 1
		cfg.AutoLeaderRebalanceEnable = false
		c := kipSetup(t, cfg, 3, 2)
		c.AdvanceTo(5000)
		mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
		mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(3)})
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksOne})
		c.AdvanceTo(5100)
		mustApply(t, c, engine.Crash{Broker: 1})
		c.AdvanceTo(30000)
		if got := allowances(c); len(got) != 1 || got[0] != engine.AllowedByAcksOne || got[0].String() != "acks=1" {
			t.Errorf("allowances %v, want one by acks=1", got)
		}
	})
	t.Run("unclean.leader.election.enable", func(t *testing.T) {
		got := allowances(unclean(t, true, false))
		if len(got) != 2 || got[0] != engine.AllowedByUncleanSetting || got[1] != engine.AllowedByUncleanSetting {
			t.Errorf("allowances %v, want CommittedDurability and AcknowledgedWriteLost, both by the setting", got)
		}
	})
	t.Run("by hand", func(t *testing.T) {
		c := unclean(t, false, true)
		got := allowances(c)
		if len(got) != 2 || got[0] != engine.AllowedByUncleanRequest || got[1] != engine.AllowedByUncleanRequest {
			t.Errorf("allowances %v, want both by the operator's request", got)
		}
		for _, e := range kipEvents(c, engine.EvViolation) {
			if !strings.Contains(e.Text, "kafka-leader-election.sh --election-type unclean") {
				t.Errorf("%q does not say the election was asked for by hand", e.Text)
			}
		}
	})
	t.Run("unflushed tails", func(t *testing.T) {
		cfg := kipConfig()
		cfg.MinInsyncReplicas = 1
		cfg.AutoLeaderRebalanceEnable = false
		c := mustNew(t, cfg)
		mustApply(t, c, engine.CreateTopic{Name: "t", Partitions: 1, ReplicationFactor: 3})
		c.AdvanceTo(1000)
		mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m0"}, Acks: engine.AcksOne})
		c.AdvanceTo(5000)
		for _, b := range []engine.BrokerID{1, 2, 3} {
			mustApply(t, c, engine.Crash{Broker: b, LoseUnflushed: 1})
		}
		c.AdvanceTo(10000)
		for _, b := range []engine.BrokerID{1, 2, 3} {
			mustApply(t, c, engine.Restart{Broker: b})
		}
		c.AdvanceTo(30000)
		got := allowances(c)
		if len(got) == 0 {
			t.Fatal("nothing was lost")
		}
		for _, a := range got {
			if a != engine.NotAllowed || a.String() != "" {
				t.Errorf("allowances %v, want none", got)
			}
		}
	})
}

// TestLossCauseLastKnownLeader: with the ELR on (KIP-966), broker 2
// crashes, then the leader, broker 1, crashes and drops m0, its
// unflushed tail; both return, broker 2 leaves the ELR for its unclean
// shutdown (KAFKA-18106), and the controller elects the last known
// leader, broker 1, which no setting asked for
// (PartitionChangeBuilder.canElectLastKnownLeader). m0 was lost to the
// dropped tail, and no setting allowed it: the violations said "an
// unclean leader election chose a replica without it", the words of an
// election unclean.leader.election.enable allowed.
func TestLossCauseLastKnownLeader(t *testing.T) {
	cfg := kipConfig()
	cfg.EligibleLeaderReplicas = true
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Crash{Broker: 1, LoseUnflushed: 1})
	c.AdvanceTo(40000)
	if p := kipPart(t, c); p.Leader != engine.NoLeader || len(p.LastKnownELR) != 1 || p.LastKnownELR[0] != 1 {
		t.Fatalf("precondition: leader %d, LastKnownElr %v; want none and broker 1", p.Leader, p.LastKnownELR)
	}
	mustApply(t, c, engine.Restart{Broker: 1})
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(60000)
	vs := kipEvents(c, engine.EvViolation)
	if len(vs) == 0 {
		t.Fatal("m0 was not lost")
	}
	for _, e := range vs {
		if !strings.Contains(e.Text, "unflushed tail") || engine.ViolationAllowance(e) != engine.NotAllowed {
			t.Errorf("%q (allowed by %q), want the dropped unflushed tail, allowed by nothing", e.Text, engine.ViolationAllowance(e))
		}
	}
}

// lossCauses maps each lost record's value to the causes its violations
// name: the text after the record's place ("is not on the leader bN: ").
func lossCauses(c *engine.Cluster) map[string][]string {
	out := map[string][]string{}
	for _, e := range kipEvents(c, engine.EvViolation) {
		if !strings.HasPrefix(e.Text, "CommittedDurability") && !strings.HasPrefix(e.Text, "AcknowledgedWriteLost") {
			continue
		}
		_, cause, _ := strings.Cut(e.Text, " is not on the leader ")
		_, cause, _ = strings.Cut(cause, ": ")
		out[e.Value] = append(out[e.Value], cause)
	}
	return out
}

// TestLossCausePerRecordUncleanAndUnflushed: one run loses two records of
// t-0 to two causes, and each violation names its own. Brokers 1 and 2
// replicate t-0 (min.insync.replicas=1, unclean.leader.election.enable).
// Broker 2 crashes and leaves the ISR; broker 1 alone commits m1 and m2,
// separate batches at offsets 1 and 2. Broker 1 then crashes and drops
// its unflushed tail, the last batch, m2 (crash lose-unflushed=1): its
// log ends with m1. Broker 2 returns and is elected uncleanly without m1
// (unclean.leader.election.enable: "even though doing so may result in
// data loss"). m1 was on the old leader's log when the election chose a
// replica without it: the unclean election lost it. m2 was gone from
// every log before that election, dropped by the crash: a clean election
// would have lost it as well.
func TestLossCausePerRecordUncleanAndUnflushed(t *testing.T) {
	c := m1OnTheLeaderAlone(t, true)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m2"}, Acks: engine.AcksAll})
	c.AdvanceTo(22000)
	if r := kipReplica(t, c, 1); r.LEO != 3 || r.HW != 3 {
		t.Fatalf("precondition: B1 LEO %d HW %d, want m1 and m2 committed (3/3)", r.LEO, r.HW)
	}
	mustApply(t, c, engine.Crash{Broker: 1, LoseUnflushed: 1})
	if got := kipValues(kipReplica(t, c, 1).Log); !slices.Equal(got, []string{"m0", "m1"}) {
		t.Fatalf("precondition: B1 log %v after the crash, want m0 m1 (m2 dropped)", got)
	}
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(40000)
	if p := kipPart(t, c); p.Leader != 2 {
		t.Fatalf("precondition: leader %d, want broker 2 by an unclean election", p.Leader)
	}
	const unclean = "an unclean leader election chose a replica without it"
	const unflushed = "a crash dropped the unflushed tail of a log that held it (crash lose-unflushed), and the replica that leads now came back without it"
	got := lossCauses(c)
	want := map[string][]string{"m1": {unclean, unclean}, "m2": {unflushed, unflushed}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("causes by record\n%q\nwant (CommittedDurability and AcknowledgedWriteLost each)\n%q", got, want)
	}
}

// TestLossCausePerRecordPreKIP101: on kafka=0.10, before KIP-101's leader
// epochs, one run loses m1 to an unclean election and later m2 to
// KIP-101's scenario 1 ("High Watermark Truncation followed by Immediate
// Leader Election"), and each violation names its own cause.
// unclean.leader.election.enable is on, its default before 0.11
// (KIP-106); min.insync.replicas=1.
//
// Broker 2 crashes and leaves the ISR; broker 1 alone commits m1 at
// offset 1 and crashes; broker 2 returns and is elected uncleanly
// without m1. Broker 1 returns as its follower and rejoins the ISR.
// Broker 2 then commits m2 at offset 1 (acks=all): broker 1 has it, but
// learns the HW 2 only from its next fetch, which a cut link stops.
// Broker 2 crashes; broker 1 crashes a little later and, restarting,
// truncates to its own HW 1, dropping m2; it is still in the ISR and the
// controller elects it cleanly, without m2. m1 was lost by the unclean
// election, m2 by the truncation to the HW.
func TestLossCausePerRecordPreKIP101(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	cfg.UncleanLeaderElectionEnable = true
	cfg.Kafka, _ = engine.ParseRelease("0.10")
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(20000)
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksAll})
	c.AdvanceTo(21000)
	mustApply(t, c, engine.Crash{Broker: 1})
	mustApply(t, c, engine.Restart{Broker: 2})
	c.AdvanceTo(40000)
	if p := kipPart(t, c); p.Leader != 2 || !slices.Equal(kipValues(kipReplica(t, c, 2).Log), []string{"m0"}) {
		t.Fatalf("precondition: leader %d with log %v, want broker 2 elected uncleanly with m0 only", p.Leader, kipValues(kipReplica(t, c, 2).Log))
	}
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(60000)
	if p := kipPart(t, c); !slices.Equal(p.ISR, []engine.BrokerID{1, 2}) {
		t.Fatalf("precondition: ISR %v, want broker 1 back in sync", p.ISR)
	}
	// p2 is a new producer, which asks for metadata first and finds
	// broker 2 leading; p1 would try broker 1 first.
	mustApply(t, c, engine.Produce{TP: kipT0, Producer: 2, Values: []string{"m2"}, Acks: engine.AcksAll})
	c.AdvanceTo(60000)
	if r1, r2 := kipReplica(t, c, 1), kipReplica(t, c, 2); r1.LEO != 2 || r1.HW != 1 || r2.LEO != 2 || r2.HW != 2 {
		t.Fatalf("precondition B1 %d/%d B2 %d/%d, want 2/1 and 2/2", r1.LEO, r1.HW, r2.LEO, r2.HW)
	}
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Crash{Broker: 2})
	c.AdvanceTo(63000)
	mustApply(t, c, engine.Crash{Broker: 1})
	mustApply(t, c, engine.Restart{Broker: 1})
	c.AdvanceTo(90000)
	if p := kipPart(t, c); p.Leader != 1 || !slices.Equal(kipValues(kipReplica(t, c, 1).Log), []string{"m0"}) {
		t.Fatalf("precondition: leader %d with log %v, want broker 1 with m0 only", p.Leader, kipValues(kipReplica(t, c, 1).Log))
	}
	const unclean = "an unclean leader election chose a replica without it"
	const hw = "a replica truncated to its own high watermark (the bug KIP-101 fixed)"
	got := lossCauses(c)
	// CommittedDurability is reported once per offset, and offset 1's
	// was m1's: m2 has its AcknowledgedWriteLost alone.
	want := map[string][]string{"m1": {unclean, unclean}, "m2": {hw}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("causes by record\n%q\nwant\n%q", got, want)
	}
}
