import TerminalKit
import Testing

struct TextFieldTests {
    @Test func labelAboveABoxFillingTheWidth() {
        let field = TextField(label: "User Name", text: "demo")
        #expect(field.height(forWidth: 20) == 2)
        let canvas = drawn(field, width: 20, height: 2)
        #expect(CanvasText.text(canvas) == """
            User Name
            [ demo             ]
            """)
        #expect(CanvasText.styleMask(canvas) == """
            lllllllll
            ffffffffffffffffffff
            """)
        #expect(canvas.cursor == nil)
    }

    @Test func focusedFieldShowsItsRoleAndPlacesTheCursor() {
        var field = TextField(label: "User Name", text: "demo")
        _ = field.press(.left)
        let canvas = drawn(field, width: 20, height: 2, focused: true)
        #expect(CanvasText.styleMask(canvas) == """
            lllllllll
            FFFFFFFFFFFFFFFFFFFF
            """)
        #expect(canvas.cursor == Point(x: 5, y: 1))
    }

    @Test func emptyFieldShowsItsPlaceholderMuted() {
        let field = TextField(label: "Email", placeholder: "name@example.com")
        let canvas = drawn(field, width: 14, height: 2, focused: true)
        #expect(CanvasText.text(canvas) == """
            Email
            [▸name@exam… ]
            """)
        #expect(CanvasText.styleMask(canvas) == """
            lllll
            FFmmmmmmmmmmFF
            """)
        #expect(canvas.cursor == Point(x: 2, y: 1))
    }

    @Test func maskedUntilRevealedWithCtrlR() {
        var field = TextField(label: "Password", text: "secret", isMasked: true, canReveal: true)
        #expect(CanvasText.text(drawn(field, width: 14, height: 2)) == """
            Password
            [ ••••••     ]
            """)
        #expect(field.update(.control("r")) == .handled)
        #expect(field.isRevealed)
        #expect(CanvasText.text(drawn(field, width: 14, height: 2)) == """
            Password
            [ secret     ]
            """)
        #expect(field.update(.control("r")) == .handled)
        #expect(!field.isRevealed)

        var locked = TextField(label: "Password", text: "secret", isMasked: true)
        #expect(locked.update(.control("r")) == .ignored)
        #expect(!locked.isRevealed)
    }

    @Test func scrollsSoTheCursorStaysVisible() {
        var field = TextField(text: "abcdefghij")
        // Box of 6 columns: at the end the cursor sits after the last visible character.
        var canvas = drawn(field, width: 10, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸fghij  ]")
        #expect(canvas.cursor == Point(x: 7, y: 0))

        _ = field.press(.home)
        canvas = drawn(field, width: 10, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸abcdef ]")
        #expect(canvas.cursor == Point(x: 2, y: 0))

        _ = field.press(.right, .right, .right, .right, .right, .right, .right)
        canvas = drawn(field, width: 10, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸cdefgh ]")
        #expect(canvas.cursor == Point(x: 7, y: 0))
    }

    @Test func scrollsByDisplayWidthWithWideCharacters() {
        var field = TextField(text: "日本語テキスト")
        var canvas = drawn(field, width: 10, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸スト   ]")
        #expect(canvas.cursor == Point(x: 6, y: 0))

        _ = field.press(.home, .right)
        canvas = drawn(field, width: 10, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸日本語 ]")
        #expect(canvas.cursor == Point(x: 4, y: 0))
    }

    @Test func hintsAndLabelWrapInANarrowColumn() {
        let field = TextField(
            label: "Choose a new password",
            text: "abc",
            isMasked: true,
            hint: [HintLine(text: "At least 8 characters", role: .muted), HintLine(text: "Must contain a digit", role: .error)]
        )
        #expect(field.height(forWidth: 12) == 7)
        let canvas = drawn(field, width: 12, height: 8)
        #expect(CanvasText.text(canvas) == """
            Choose a new
            password
            [ •••      ]
            At least 8
            characters
            Must contain
            a digit

            """)
        #expect(CanvasText.styleMask(canvas) == """
            llllllllllll
            llllllll
            ffffffffffff
            mmmmmmmmmm
            mmmmmmmmmm
            EEEEEEEEEEEE
            EEEEEEE

            """)
    }

    @Test func editingKeys() {
        var field = TextField(label: "Name")
        #expect(field.type("hello") == Array(repeating: .handled, count: 5))
        #expect(field.press(.left, .left, .character("X")) == [.handled, .handled, .handled])
        #expect(field.text == "helXlo" && field.cursor == 4)
        _ = field.press(.backspace)
        #expect(field.text == "hello" && field.cursor == 3)
        _ = field.press(.delete)
        #expect(field.text == "helo" && field.cursor == 3)
        _ = field.press(.control("a"))
        #expect(field.cursor == 0)
        _ = field.press(.backspace)
        #expect(field.text == "helo" && field.cursor == 0)
        _ = field.press(.control("e"), .delete)
        #expect(field.text == "helo" && field.cursor == 4)
        _ = field.press(.home, .right, .right, .control("k"))
        #expect(field.text == "he" && field.cursor == 2)
        _ = field.press(.end, .character("y"), .left, .control("u"))
        #expect(field.text == "y" && field.cursor == 0)
        _ = field.press(.paste("line one\nline two"))
        #expect(field.text == "line oneline twoy" && field.cursor == 16)
    }

    @Test func enterActivatesAndOtherKeysAreIgnored() {
        var field = TextField(label: "Name", text: "x")
        #expect(field.press(.enter, .tab, .up, .escape, .function(2)) == [.activated(0), .ignored, .ignored, .ignored, .ignored])
        #expect(field.text == "x")
    }

    @Test func oneTimeCodesTakeDigitsOnlyUpToTheirLength() {
        var field = TextField(label: "Code", digitsOnly: true, maxLength: 6)
        // Refused characters are still the field's: they never reach the app's shortcuts.
        #expect(field.type("12a3") == [.handled, .handled, .handled, .handled])
        #expect(field.text == "123")
        _ = field.press(.paste("45 6\n789"))
        #expect(field.text == "123456" && field.cursor == 6)
        _ = field.type("7")
        #expect(field.text == "123456")
    }

    @Test func cursorDefaultsToTheEndAndIsClamped() {
        #expect(TextField(text: "abc").cursor == 3)
        #expect(TextField(text: "abc", cursor: 1).cursor == 1)
        #expect(TextField(text: "abc", cursor: 9).cursor == 3)
        var field = TextField(text: "abc")
        field.text = "a"
        _ = field.press(.backspace)
        #expect(field.text == "" && field.cursor == 0)
    }
}
