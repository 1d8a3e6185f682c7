# Words the platform adapters add: Discord's and Matrix's.

discord-unknown-command = I don't know the command `/{ $name }`.
discord-opponent-is-a-bot = { $name } is a bot and cannot play. Challenge a person, or me (pick { $bot } as the opponent).
discord-not-for-you = This challenge is not for you.
discord-permission-attach-files = Attach Files
discord-permission-embed-links = Embed Links
discord-lack-permissions = I lack the { $permissions } { $count ->
    [one] permission
   *[other] permissions
} in this channel
discord-no-board-picture = (I cannot show the board picture here: { $why }.)
discord-no-files = (I cannot attach the files here: { $why }.)
discord-missing-permissions = ({ $why }.)
matrix-type-to-answer = {" "}(type { $commands })
discord-could-not-post = Sorry, Discord did not accept my answer. Use `/board` to see where the game stands.
discord-done = Done.
discord-button-unused = This button is no longer in use.

# The picker on Discord: its select menus and buttons.
discord-pick-options = Options { $first } to { $last }
discord-pick-back = Back
discord-pick-more = More
