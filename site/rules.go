package site

import "kplay/engine"

// This file says which Kafka rules a scenario replays, for the page's
// subtitle and the controller strip's label: the release (kafka=) and an
// old truncation protocol (protocol=, or the kip-101 and kip-279
// switches), which incident presets use to replay a famous failure.

// Rules is what the page says about the rules a scenario follows.
type Rules struct {
	// Cluster completes "drawn as … runs": "a simulated Kafka 4.4
	// cluster runs", or for older rules "a simulated cluster runs,
	// replaying the replication rules of Kafka before 0.11".
	Cluster string
	// Controller is the controller strip's label: "KRaft quorum" for a
	// release with KRaft (Kafka 2.8, KIP-500), else plain "controller".
	Controller string
	// ControllerTitle is the label's tooltip: the era, when the label is
	// plain.
	ControllerTitle string
}

// kraftSince is the first release with a KRaft controller (Kafka 2.8,
// KIP-500's early access; before it the controller was a broker elected
// through ZooKeeper).
const kraftSince engine.Release = 208

// RulesOf returns what the page says about cfg's rules.
//
// The era is the release whose rules replay: cfg.Kafka, unless the
// follower truncation protocol is older. Without KIP-101 (Kafka 0.11) a
// follower truncates to its own high watermark; without KIP-279 (Kafka
// 2.0) it truncates once by leader epoch without checking the epochs
// agree (engine.Config.Enabled "kip-101", "kip-279"; protocol=).
func RulesOf(cfg engine.Config) Rules {
	era, eraRel := "Kafka "+cfg.Kafka.String(), cfg.Kafka
	old := cfg.Kafka != engine.LatestRelease
	switch {
	case !cfg.Enabled("kip-101") && cfg.Kafka >= 11:
		era, eraRel, old = "Kafka before 0.11", 10, true
	case cfg.Enabled("kip-101") && !cfg.Enabled("kip-279") && cfg.Kafka >= 200:
		era, eraRel, old = "Kafka 0.11 to 1.1", 101, true
	}
	r := Rules{Cluster: "a simulated Kafka " + cfg.Kafka.String() + " cluster runs", Controller: "KRaft quorum"}
	if old {
		r.Cluster = "a simulated cluster runs, replaying the replication rules of " + era
	}
	if eraRel < kraftSince {
		r.Controller = "controller"
		r.ControllerTitle = era + " had no KRaft quorum: its controller was a broker elected through ZooKeeper (KRaft came with Kafka 2.8, KIP-500). The simulated controller here is a KRaft one."
	}
	return r
}
