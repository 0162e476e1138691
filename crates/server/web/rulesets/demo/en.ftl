# Demo screen — English messages (Fluent), loaded with the shell's i18n/en.ftl when a demo table opens.

demo-counters = Counters ({ $count })
demo-no-counters = No counters yet.
demo-dead = down
demo-hidden = hidden score { $score }
demo-character = Counter
demo-amount = Amount
demo-preview = Preview
demo-preview-result = { $character }: { $before } → { $after }
demo-add = Add
demo-dice = Dice
demo-roll = Roll and add
demo-new-character = New counter's id
demo-create = Create
demo-notes = { $count ->
    [one] { $count } note
   *[other] { $count } notes
}
demo-note = A note
demo-secret = secret
demo-add-note = Add the note
ev-rules-created = Counter { $character } created
ev-rules-added = { $character } { $amount ->
    [one] gains { $amount } point
   *[other] gains { $amount } points
}
ev-rules-noted = { $note_author } noted: { $note_text }
ev-rules-hidden_added = A hidden score changed
ev-rules-moved = { $character } moves to { $to }
ev-rules-died = { $character } is down for good
