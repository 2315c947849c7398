package script

import (
	"strings"

	"kplay/engine"
)

// The cluster directive (LayerCluster): every key is a row of the engine's
// settings table (engine.Settings).

// clusterConfig turns a cluster directive into a Config on Kafka's
// defaults. Every key is a row of the settings table (engine.Settings),
// which reads and checks the value.
func clusterConfig(d Directive) (engine.Config, *Error) {
	cfg := engine.DefaultConfig()
	if _, err := positional(d, 0); err != nil {
		return cfg, err
	}
	explicitIdempotence := false
	written := map[string]bool{}
	for _, a := range d.Args {
		s, ok := engine.LookupSetting(a.Key)
		if !ok {
			if ch, isChange := engine.LookupChange(a.Key); isChange {
				return cfg, notSwitchable(a, ch)
			}
			return cfg, unknownKey(d, a, engine.SettingNames())
		}
		written[a.Key] = true
		if err := s.Set(&cfg, a.Vals); err != nil {
			return cfg, errAt(a.Pos, "%s: %v", a.Key, err)
		}
		if a.Key == "enable.idempotence" {
			explicitIdempotence = cfg.EnableIdempotence
		}
	}
	if err := releaseDefaults(d, &cfg, written); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, errAt(d.Pos, "%s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	// An explicit enable.idempotence=true that cannot hold is Kafka's
	// ConfigException (ProducerConfig.postProcessAndValidateIdempotenceConfigs);
	// left at its default, idempotence is turned off instead.
	switch {
	case explicitIdempotence && cfg.Retries == 0:
		return cfg, errAt(d.Pos, "must set retries to non-zero when using the idempotent producer (enable.idempotence=true)")
	case explicitIdempotence && cfg.MaxInFlightRequestsPerConnection > 5:
		return cfg, errAt(d.Pos, "must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer (enable.idempotence=true)")
	}
	return cfg, nil
}

// releaseDefaults gives every setting the script did not write the
// default of the release kafka= names (engine.ReleaseDefault: KIP-106's
// unclean.leader.election.enable=true before 0.11, KIP-679's
// enable.idempotence=false before 3.0, ...), so that kafka=2.0 is a 2.0
// cluster with its own defaults, and a written value still wins.
func releaseDefaults(d Directive, cfg *engine.Config, written map[string]bool) *Error {
	for _, s := range engine.Settings() {
		if written[s.Name] {
			continue
		}
		v, ok := engine.ReleaseDefault(cfg.Kafka, s.Name)
		if !ok {
			continue
		}
		if err := s.Set(cfg, []string{v}); err != nil {
			return errAt(d.Pos, "%s: the default of kafka=%s, %s, does not parse: %v", s.Name, cfg.Kafka, v, err)
		}
	}
	return nil
}

// notSwitchable reports a release-table name that is not a setting: a
// ZooKeeper-era change KRaft has no path for, or a default change, which
// is set by its setting.
func notSwitchable(a Arg, ch engine.Change) *Error {
	if ch.Kind == engine.ChangeNotInKRaft {
		return errAt(a.Pos, "%s (Kafka %s) changed ZooKeeper mode only, which kplay does not simulate: %s", a.Key, ch.Since, ch.NotInKRaft)
	}
	return errAt(a.Pos, "%s (Kafka %s) changed the default of %s; set %s=%s for the old behaviour, or pick the release with kafka=", a.Key, ch.Since, ch.Setting, ch.Setting, ch.OldDefault)
}
