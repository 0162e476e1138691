# Экран demo — сообщения на русском (Fluent), загружаются вместе с i18n/ru.ftl оболочки, когда открывается стол demo.

demo-counters = Счётчики ({ $count })
demo-no-counters = Счётчиков пока нет.
demo-dead = выбыл
demo-hidden = скрытый счёт { $score }
demo-character = Счётчик
demo-amount = Сколько
demo-preview = Предпросмотр
demo-preview-result = { $character }: { $before } → { $after }
demo-add = Прибавить
demo-dice = Кости
demo-roll = Бросить и прибавить
demo-new-character = Имя нового счётчика
demo-create = Создать
demo-notes = { $count ->
    [one] { $count } заметка
    [few] { $count } заметки
    [many] { $count } заметок
   *[other] { $count } заметки
}
demo-note = Заметка
demo-secret = тайно
demo-add-note = Добавить заметку
ev-rules-created = Создан счётчик { $character }
ev-rules-added = { $character } { $amount ->
    [one] получает { $amount } очко
    [few] получает { $amount } очка
    [many] получает { $amount } очков
   *[other] получает { $amount } очка
}
ev-rules-noted = { $note_author } записывает: { $note_text }
ev-rules-hidden_added = Скрытый счёт изменился
ev-rules-moved = { $character } переходит на { $to }
ev-rules-died = { $character } выбывает насовсем
