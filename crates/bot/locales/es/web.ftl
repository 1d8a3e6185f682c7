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

# Las páginas de estadísticas (`/stats`, `/stats/<game>`).
web-stats-title = Estadísticas
web-stats-game-title = { $game }: estadísticas
web-stats-about = Todas las partidas terminadas de canales y salas públicos, contadas de nuevo como mucho una vez por minuto. El primer jugador es quien hizo el primer turno.
web-stats-none = Aún no se ha contado ninguna partida terminada.
web-stats-table = Partidas terminadas, por juego
web-stats-game = Juego
web-stats-played = Partidas jugadas
web-stats-first-wins = Victorias del primer jugador
web-stats-draws = Tablas
web-stats-length = Duración media (turnos)
web-stats-timeouts = Perdidas por tiempo
web-stats-rate = { $rate } (intervalo del 95 %: de { $low } a { $high })
web-stats-variants = Variantes más jugadas
web-stats-variant = Variante
web-stats-standard = Opciones por defecto
web-stats-records = Todos los registros (JSON, registros de partida de Abstract Play)
web-stats-game-records = Los registros de este juego (JSON, registros de partida de Abstract Play)
web-stats-all = Estadísticas de todos los juegos
