package site

import (
	"slices"
	"strconv"
	"strings"

	"kplay/engine"
	"kplay/engine/script"
	"kplay/scenarios"
)

// This file holds the page's Compare (issue 28 item 3): the config
// panel's changed settings, or an incident's partner, played beside the
// script as a variant, a vs line written into it (docs/design.md §3,
// "Variants (vs)"). The line is the script's like any other: the editor
// shows it and a share link carries it.

// CompareConfig is an action from the config panel's Compare button:
// the settings in Values (keys as Settings spells them) that differ
// from the ones playing become a variant, a vs line under the cluster
// line (script.AddVariant), and the scenario restarts with the script's
// settings and the variant side by side, shown at the playhead's moment
// (the reader's actions so far kept, as a restart with a new cluster
// line keeps them). The settings playing stay as they are. It is
// refused with the config form's complaint, what the reader typed kept
// (Acting.ConfigDraft): for a value the setting does not take, as Apply
// refuses it, and for each reason CompareWhy gives (nothing changed,
// already MaxVariants vs lines, these values beside already), or a
// variant the script cannot run (the vs directive's error, naming the
// line).
type CompareConfig struct{ Values map[string]string }

// ComparePartner is an action from the story panel: the script playing
// with its partner preset (fixed-by, or bug-in) beside it, a vs line of
// the partner's cluster values (script.SideBySide: kafka=4.4 for most
// incidents), restarted as CompareConfig restarts it.
type ComparePartner struct{}

// SceneSerial counts the scenes the Store has played: a new scenario
// (a preset, a script applied, a restart, a Compare) has the next.
func (s *Store) SceneSerial() int { return s.serial }

// ComparedRun is a vs line of the script playing, as the config panel's
// Compare sees it: its label and its values as a set (valuesKey).
type ComparedRun struct{ Label, Values string }

// Compared returns the script's vs lines (ComparedRun), in script
// order.
func (s *Store) Compared() []ComparedRun {
	var out []ComparedRun
	for _, v := range s.Player.Scenario().Variants {
		out = append(out, ComparedRun{Label: v.Label, Values: valuesKey(v.Overrides)})
	}
	return out
}

// valuesKey is a variant's values as a set: each key=value as the vs
// line writes it, sorted, one a line.
func valuesKey(over []script.Arg) string {
	parts := make([]string, len(over))
	for i, a := range over {
		parts[i] = script.Variant{Overrides: []script.Arg{a}}.Summary()
	}
	slices.Sort(parts)
	return strings.Join(parts, "\n")
}

// compareValues is the vs values of the settings in typed that differ
// from cur (both keyed as Settings spells them), in the settings
// table's order, and the keys; why says, in words, why they cannot be
// compared ("" when they can), and field names the setting at fault
// ("" for none).
func compareValues(cur, typed map[string]string, runs []ComparedRun) (over []script.Arg, keys []string, why, field string) {
	for _, set := range Settings() {
		v, ok := typed[set.Key]
		if !ok || normal(set.Key, v) == normal(set.Key, cur[set.Key]) {
			continue
		}
		if err := CheckSetting(set.Key, v); err != nil {
			return nil, nil, err.Error(), set.Key
		}
		over = append(over, script.OverrideArg(set.Key, normal(set.Key, v)))
		keys = append(keys, set.Key)
	}
	switch {
	case len(over) == 0:
		return nil, nil, "Nothing to compare yet: change a setting's value, then Compare plays it beside the settings playing now.", ""
	case len(runs) >= script.MaxVariants:
		return nil, nil, "The script already plays " + strconv.Itoa(len(runs)) + " variants beside its own settings, the most it can: at most " +
			strconv.Itoa(script.MaxVariants+1) + " runs side by side (its vs lines). Remove one in the script editor to compare another.", ""
	}
	k := valuesKey(over)
	for _, r := range runs {
		if r.Values == k {
			return nil, nil, "These values already play side by side with the script's, as the run " + strconv.Quote(r.Label) + ".", ""
		}
	}
	return over, keys, "", ""
}

// EditConfig is an action from the config form: Values (keys as
// Settings spells them) is what its fields hold after the reader's last
// edit, which Compare's button is enabled by (Store.CompareWhy).
type EditConfig struct{ Values map[string]string }

func (a EditConfig) apply(s *Store) bool {
	s.Acting.ConfigTyped = a.Values
	return true
}

// CompareWhy says why the config panel's Compare cannot play what the
// config form holds (Acting.ConfigTyped) beside the settings playing:
// nothing differs from them, the script has MaxVariants vs lines
// already, or a run with these values plays already; "" when it can. A
// value the setting refuses is not judged here: pressing Compare says
// so on its field, as Apply does.
func (s *Store) CompareWhy() string {
	for k, v := range s.Acting.ConfigTyped {
		if CheckSetting(k, v) != nil {
			return ""
		}
	}
	_, _, why, _ := compareValues(s.CurrentConfig(), s.Acting.ConfigTyped, s.Compared())
	return why
}

func (a CompareConfig) apply(s *Store) bool {
	fail := func(key, text string) bool {
		s.formErr(FormConfig, key, text)
		s.Acting.ConfigDraft = a.Values
		return true
	}
	over, keys, why, field := compareValues(s.CurrentConfig(), a.Values, s.Compared())
	if why != "" {
		return fail(field, why)
	}
	text, label, err := script.AddVariant(s.ScriptText(), over)
	if err == nil {
		err = s.playSideBySide(text, label)
	}
	if err != nil {
		// The field is the one changed, or the one the message names
		// (retries=0 under enable.idempotence=true).
		key := ""
		for _, k := range keys {
			if len(keys) == 1 || strings.Contains(err.Error(), k) && len(k) > len(key) {
				key = k
			}
		}
		return fail(key, err.Error())
	}
	s.formErr(FormConfig, "", "")
	s.Acting.ConfigDraft = nil
	return true
}

func (ComparePartner) apply(s *Store) bool {
	sc := s.Player.Scenario()
	name := sc.FixedBy
	if name == "" {
		name = sc.BugIn
	}
	p, ok := scenarios.Get(name)
	if !ok {
		return false
	}
	text, label, err := script.SideBySide(s.ScriptText(), p.Text)
	if err == nil {
		err = s.playSideBySide(text, label)
	}
	if err != nil {
		s.Err = "The side-by-side view cannot play: " + err.Error()
	}
	return true
}

// playSideBySide plays script text, the script playing with the vs line
// labelled label added, in place of the scenario: its runs side by
// side, at the moment the playhead was at, playing if it played. The
// error (a script or a variant that cannot run, the vs directive's
// error at its line) leaves the scene as it was.
func (s *Store) playSideBySide(text, label string) error {
	n, sc, err := s.sceneOf(text)
	if err != nil {
		return err
	}
	runs, err := variantRuns("script", text)
	if err != nil {
		return err
	}
	at, playing := s.Player.Now(), s.Playing
	n.Variants, n.RunTab = runs, 1
	n.Acting.Source = text
	n.readerFrom, n.hasReader = readerFrom(text, sc)
	n.Acting.Note = "Compared: the run " + strconv.Quote(label) + " now plays beside the script's own settings, on the same clock, shown at " +
		engine.FormatTime(at) + ": the runs side by side are under the diagram. The script holds it as a vs line."
	s.setScene(n)
	s.leavePreset()
	s.Player.Seek(s.clampSeek(at))
	s.Playing = playing
	return nil
}
