package engine_test

import (
	"testing"

	"kplay/engine"
)

// TestUncleanEnabledWhileOfflineWaitsForTheCheck: in KRaft, turning
// unclean.leader.election.enable on does not elect a leader for a
// partition that is already offline. Kafka's documentation of the setting
// says: "when enabling this config dynamically, it needs to wait for the
// unclean leader election thread to trigger election periodically
// (default is 5 minutes)" — QuorumController schedules
// maybeElectUncleanLeaders unclean.leader.election.interval.ms (300000 ms)
// after the controller write that left a partition leaderless. Here B2,
// cut off from B1 since 1.000, leaves the ISR at the isr-expiration run at
// 45.000; B1, alone in the ISR, crashes at 46.000 and is fenced when its
// session runs out: no leader, leader epoch 1 (ISR kept, ELR off). The
// setting goes on at 60.000, and nothing changes until the check 300 s
// after the fencing elects the out-of-sync B2 uncleanly, leader epoch 2:
// two partition changes, as Kafka records them.
func TestUncleanEnabledWhileOfflineWaitsForTheCheck(t *testing.T) {
	cfg := kipConfig()
	cfg.Brokers = 2
	cfg.MinInsyncReplicas = 1
	cfg.AutoLeaderRebalanceEnable = false
	c := kipSetup(t, cfg, 2, 1)
	c.AdvanceTo(1000)
	mustApply(t, c, engine.Cut{A: engine.Broker(1), B: engine.Broker(2)})
	mustApply(t, c, engine.Produce{TP: kipT0, Values: []string{"m1"}, Acks: engine.AcksOne})
	c.AdvanceTo(46000)
	kipWantPart(t, c, "B2 out of sync", 1, []engine.BrokerID{1}, 0, 1)
	mustApply(t, c, engine.Crash{Broker: 1})
	c.AdvanceTo(55000)
	kipWantPart(t, c, "B1 fenced", engine.NoLeader, []engine.BrokerID{1}, 1, 2)
	fencedAt := kipEvents(c, engine.EvBrokerFenced)[0].At
	c.AdvanceTo(60000)
	mustApply(t, c, engine.AlterConfig{Key: "unclean.leader.election.enable", Value: "true"})
	c.AdvanceTo(fencedAt + 300000 - 1)
	kipWantPart(t, c, "just before the unclean-election check", engine.NoLeader, []engine.BrokerID{1}, 1, 2)
	c.AdvanceTo(fencedAt + 300000)
	kipWantPart(t, c, "at the unclean-election check", 2, []engine.BrokerID{2}, 2, 3)
	if p := kipPart(t, c); !p.Unclean {
		t.Errorf("B2's election is not marked unclean")
	}
}
