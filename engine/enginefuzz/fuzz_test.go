package enginefuzz_test

import (
	"strconv"
	"strings"
	"testing"

	"kplay/engine"
	"kplay/engine/script"
)

// FuzzCommands decodes its bytes into a sequence of engine commands on a
// cluster in the configuration Kafka calls safe (acks=all,
// min.insync.replicas=2, replication factor 3, unclean leader election
// off; engine/script/check.go's CheckSafe): produces, kill -9 crashes,
// restarts (some within broker.session.timeout.ms), controlled shutdowns,
// isolations, one-link cuts, slow and lossy links, heals, preferred
// elections and advances of the clock. It applies them through
// Cluster.Apply and Cluster.Advance, heals and restarts everything, lets
// a minute pass, and checks that nothing panicked and that the invariant
// checker (invariants.go) reported no violation. Commands the engine
// refuses (restarting a live broker) are errors, not failures. Power
// losses (crash lose-unflushed) are left out: they can lose acknowledged
// writes in this configuration (kplay check -mode unflushed).
//
// Each byte pair is one command: the first picks the kind, the second its
// argument. Inputs are capped at 512 bytes, so a run simulates at most
// 256 commands of at most 5.1 s of clock each, plus the minute.
func FuzzCommands(f *testing.F) {
	for seed := uint64(1); seed <= 8; seed++ {
		f.Add(scheduleBytes(script.RandomScenario(seed, script.CheckSafe)))
	}
	f.Add([]byte{0, 0, 9, 200, 1, 0, 9, 30, 3, 1, 9, 255, 0, 1, 9, 255})
	f.Add([]byte{2, 0, 2, 1, 0, 0, 9, 255, 9, 255, 9, 255, 9, 255, 3, 0, 3, 1, 0, 2, 9, 255})
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 512 {
			prog = prog[:512]
		}
		brokers := 3
		if len(prog) > 0 {
			brokers += int(prog[0] % 3)
		}
		cfg := engine.DefaultConfig()
		cfg.Brokers = brokers
		cfg.MinInsyncReplicas = 2
		cfg.ReplicaLagTimeMaxMs = 3000
		cfg.MinLatency, cfg.MaxLatency = 1, 5
		c, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Apply(engine.CreateTopic{Name: "t", Partitions: 2, ReplicationFactor: 3}); err != nil {
			t.Fatal(err)
		}
		applied := []string{"cluster brokers=" + strconv.Itoa(brokers) + " latency=(1,5) min.insync.replicas=2 replica.lag.time.max.ms=3000", "create-topic t partitions=2 rf=3"}
		advance := func(d engine.Time) {
			c.Advance(d)
			applied = append(applied, "advance "+strconv.Itoa(int(d))+"ms")
		}
		apply := func(cmd engine.Command) {
			if c.Apply(cmd) == nil {
				applied = append(applied, cmd.String())
			}
		}
		n := 0
		for i := 0; i+1 < len(prog); i += 2 {
			op, arg := prog[i], int(prog[i+1])
			b := engine.BrokerID(1 + arg%brokers)
			node := func(k int) engine.NodeID {
				if k%(brokers+1) == 0 {
					return engine.Controller
				}
				return engine.Broker(engine.BrokerID(k % (brokers + 1)))
			}
			switch op % 12 {
			case 0, 1:
				vals := make([]string, 1+arg%3)
				for j := range vals {
					n++
					vals[j] = "v" + strconv.Itoa(n)
				}
				apply(engine.Produce{Producer: int32(1 + arg/3%3), TP: engine.TopicPartition{Topic: "t", Partition: int32(arg / 9 % 2)}, Values: vals, Acks: engine.AcksAll})
			case 2:
				apply(engine.Crash{Broker: b})
			case 3:
				apply(engine.Restart{Broker: b})
			case 4:
				apply(engine.Shutdown{Broker: b})
			case 5:
				apply(engine.Isolate{Node: node(arg)})
			case 6:
				if a, z := node(arg), node(arg/7+1); a != z {
					apply(engine.Cut{A: a, B: z})
				}
			case 7:
				apply(engine.Heal{})
			case 8:
				// A bounce: down and, within the session timeout, up again.
				if arg%2 == 0 {
					apply(engine.Crash{Broker: b})
				} else {
					apply(engine.Shutdown{Broker: b})
				}
				advance(engine.Time(50 + arg*30))
				apply(engine.Restart{Broker: b})
			case 9:
				advance(engine.Time(arg) * 20)
			case 10:
				if a, z := node(arg), node(arg/7+1); a != z {
					if arg%2 == 0 {
						apply(engine.Slow{A: a, B: z, MinLatency: 1, MaxLat: engine.Time(1 + arg*2)})
					} else {
						apply(engine.Drop{A: a, B: z, PerMille: 1 + arg*3})
					}
				}
			case 11:
				apply(engine.ElectLeaders{All: true})
			}
		}
		apply(engine.Heal{})
		for id := 1; id <= brokers; id++ {
			apply(engine.Restart{Broker: engine.BrokerID(id)})
		}
		advance(60_000)
		for _, e := range c.Events(0) {
			if e.Kind == engine.EvViolation {
				t.Fatalf("the safe configuration broke a guarantee: %s\nreproduce with this script (kplay run FILE):\n%s\n", e.Text, strings.Join(applied, "\n"))
			}
		}
	})
}

// scheduleBytes turns a kplay check schedule into FuzzCommands' bytes,
// so that the seed corpus starts from the schedules check runs.
func scheduleBytes(src string) []byte {
	var out []byte
	num := func(s string) int {
		v := 0
		for _, r := range s {
			if r < '0' || r > '9' {
				break
			}
			v = v*10 + int(r-'0')
		}
		return v
	}
	for _, line := range strings.Split(src, "\n") {
		var op byte
		arg := 0
		switch {
		case strings.HasPrefix(line, "produce "):
			op = 0
		case strings.HasPrefix(line, "crash "):
			op, arg = 2, num(line[6:])-1
		case strings.HasPrefix(line, "restart "):
			op, arg = 3, num(line[8:])-1
		case strings.HasPrefix(line, "shutdown "):
			op, arg = 4, num(line[9:])-1
		case strings.HasPrefix(line, "isolate "):
			op, arg = 5, num(line[8:])
		case strings.HasPrefix(line, "cut "):
			op = 6
		case line == "heal":
			op = 7
		case strings.HasPrefix(line, "advance "):
			op, arg = 9, min(255, num(line[8:])/20)
		case strings.HasPrefix(line, "slow ") || strings.HasPrefix(line, "drop "):
			op = 10
		case strings.HasPrefix(line, "elect-leaders"):
			op = 11
		default:
			continue
		}
		out = append(out, op, byte(max(0, arg)))
	}
	return out
}
