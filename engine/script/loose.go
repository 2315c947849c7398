package script

import "strings"

// A key=value argument ends at the first space: "answer=not safe" is
// answer=not followed by a word "safe" of its own, which the directive
// then refuses as an argument it does not take (or, as the only one,
// reads as its partition). For a key whose value is the author's own
// words, that refusal hides the rule the author missed: a value of
// several words, or a list, goes in parentheses. looseWords says so.

// wordsKind is what a key=value argument's value holds.
type wordsKind uint8

const (
	wordsNone   wordsKind = iota // a number, a name, a time or a choice
	wordsOne                     // one value of the author's words: ask's answer=
	wordsList                    // a list: options=, values=, events=, latency=, broker.rack=, a partition's groups
	wordsClaims                  // try's while=: a list of claims of several words each
)

// valueWords says what directive cmd's key=value argument key holds.
func valueWords(cmd, key string) wordsKind {
	switch {
	case key == "while":
		return wordsClaims
	case cmd == "ask" && key == "answer":
		return wordsOne
	case cmd == "ask" && key == "options", key == "values", key == "events", key == "latency", key == "broker.rack", cmd == "partition":
		return wordsList
	}
	return wordsNone
}

// looseWords returns err, or, when err points at a key=value argument of
// args written without parentheses, or at a bare word that follows one
// (with only bare words between), and the key takes the author's words
// (valueWords), the error that says to write the value in parentheses,
// at the key's position:
//
//	answer=not safe: a value of several words goes in parentheses: answer=(not safe) (without them the value ends at the first space)
//
// A list's words are separated by commas in the suggestion, unless the
// author already wrote commas; a while= claim keeps its spaces. cmd is
// the directive's command.
func looseWords(cmd string, args []Arg, err *Error) *Error {
	if err == nil {
		return nil
	}
	at := -1
	for i, a := range args {
		if a.Pos == err.Pos {
			at = i
			break
		}
	}
	if at < 0 {
		return err
	}
	k := at
	for k >= 0 && args[k].Vals == nil {
		k--
	}
	if k < 0 || k+1 >= len(args) || args[k+1].Vals != nil {
		return err // no key=value, or no word after it
	}
	key := args[k]
	kind := valueWords(cmd, key.Key)
	if kind == wordsNone || key.Paren || len(key.Vals) != 1 {
		return err
	}
	var words []string
	if key.Vals[0] != "" {
		words = append(words, key.Vals[0])
	}
	for _, a := range args[k+1:] {
		if a.Vals != nil {
			break
		}
		words = append(words, a.Key)
	}
	written := key.Key + "=" + strings.Join(words, " ")
	inner := strings.Join(words, " ")
	switch {
	case kind == wordsOne:
	case strings.Contains(inner, ","):
		items := strings.Split(inner, ",")
		for i := range items {
			items[i] = strings.TrimSpace(items[i])
		}
		inner = strings.Join(items, ", ")
	case kind == wordsList:
		inner = strings.Join(words, ", ")
	}
	what := "a list goes in parentheses, its items separated by commas"
	switch kind {
	case wordsOne:
		what = "a value of several words goes in parentheses"
	case wordsClaims:
		what = "claims go in parentheses, separated by commas"
	}
	return &Error{Name: err.Name, Pos: key.Pos, Msg: written + ": " + what + ": " + key.Key + "=(" + inner + ") (without them the value ends at the first space)"}
}
