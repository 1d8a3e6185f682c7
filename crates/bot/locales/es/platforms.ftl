# Las palabras que añaden las plataformas: Discord y Matrix.

discord-unknown-command = No conozco el comando `/{ $name }`.
discord-opponent-is-a-bot = { $name } es un bot y no puede jugar. Desafía a una persona, o a mí (elige a { $bot } como oponente).
discord-not-for-you = Este desafío no es para ti.
discord-permission-attach-files = Adjuntar archivos
discord-permission-embed-links = Insertar enlaces
discord-lack-permissions = { $count ->
    [one] Me falta el permiso
   *[other] Me faltan los permisos
} { $permissions } en este canal
discord-no-board-picture = (No puedo mostrar aquí la imagen del tablero: { $why }.)
discord-no-files = (No puedo adjuntar aquí los archivos: { $why }.)
discord-missing-permissions = ({ $why }.)
matrix-type-to-answer = {" "}(escribe { $commands })
discord-could-not-post = Lo siento, Discord no aceptó mi respuesta. Usa `/board` para ver cómo va la partida.
discord-done = Hecho.
discord-button-unused = Este botón ya no se usa.

# The picker on Discord: its select menus and buttons.
discord-pick-options = Opciones { $first } a { $last }
discord-pick-back = Atrás
discord-pick-more = Más
