# Palabras de las páginas web de las partidas (crates/web) y su enlace.

web-link = Página de esta partida: { $url }
web-site = Cairn
web-page-title = { $title }: { $status }
web-position-start = El inicio, antes del primer turno
web-position = Tras el turno { $turn } de { $total }
web-previous = Turno anterior
web-next = Turno siguiente
web-turns = Turnos
web-start = Inicio
web-turn-item = { $player }: { $turn }
web-no-turns = Aún no se ha jugado ningún turno.
web-live = Esta página sigue la partida a medida que se juega.
web-downloads = Descargas
web-replay = Repetición (GIF animado)
web-record-text = Registro (texto)
web-record-json = Registro (JSON, el formato de Abstract Play)
web-keys = Las flechas izquierda y derecha recorren los turnos.
