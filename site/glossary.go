package site

// Term is one word the page uses, in plain words, with where Kafka
// defines it.
type Term struct {
	Word, Meaning, Source string
}

// Glossary returns the words the diagram and the event log use, for the
// help dialog: what a learner meets first, in that order.
func Glossary() []Term {
	return []Term{
		{"leader", "The broker that takes a partition's writes and reads; the others copy its log.", "Kafka docs, Replication"},
		{"follower", "A broker that copies the leader's log by fetching from it.", "Kafka docs, Replication"},
		{"LEO (log end offset)", "The offset the next record appended to a replica's log will get.", "Kafka docs, Replication"},
		{"HW (high watermark)", "The offset up to which every in-sync replica has the log: records below it are committed and consumers may read them.", "Kafka docs, Replication"},
		{"ISR (in-sync replicas)", "The replicas that have caught up with the leader; a follower that lags more than replica.lag.time.max.ms leaves it.", "replica.lag.time.max.ms"},
		{"acks", "How many replicas must have a record before the producer is told it is written: 0 (none), 1 (the leader) or all (the whole ISR, at least min.insync.replicas).", "producer config acks, min.insync.replicas"},
		{"leader epoch", "A number that goes up at every leader election; a returning broker compares epochs to find where its log differs from the new leader's and truncates there.", "KIP-101"},
		{"fenced", "The controller stopped trusting a broker that sent no heartbeat for broker.session.timeout.ms; a fenced broker leads nothing.", "broker.session.timeout.ms, KIP-631"},
		{"not registered (on record)", "A broker restarted while the controller still holds its old process's session (broker.session.timeout.ms has not run out): the controller refuses the new process's registration (DUPLICATE_BROKER_REGISTRATION), so it runs but serves nothing. What the page shows \"on record\" (leader, in ISR) is the controller's record of the old process, kept until it fences it.", "ClusterControlManager.registerBroker, KIP-631"},
		{"ELR (eligible leader replicas)", "Replicas that left the ISR but still hold every committed record, so that one of them may be elected safely.", "KIP-966"},
		{"unclean election", "Electing a replica that may lack committed records, when nothing better is left; it can lose data.", "unclean.leader.election.enable"},
		{"slow link", "A link whose messages take a latency of their own, written on it (\"30–50 ms\", or \"slow\" where the number does not fit): the default scenario's broker links take 30 to 50 ms, as in a real data centre, and are not a fault.", "kplay: latency, slow"},
	}
}
