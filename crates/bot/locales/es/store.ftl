# Lo que se dice a los jugadores cuando la base de datos falla.

store-unreadable = La partida guardada para este canal no se puede leer, así que no puedo continuarla. Un operador puede ejecutar `cairn db quarantine { $key }` para apartarla (sus bytes se conservan), y después el canal queda libre de nuevo.
store-write-failed = No se guardó: no se pudo escribir en la base de datos ({ $cause }). No ha cambiado nada; inténtalo de nuevo más tarde.
store-unavailable = Ahora mismo no puedo leer las partidas: la base de datos no está disponible ({ $cause }). Inténtalo de nuevo más tarde.
store-failed = Lo siento, algo ha fallado por mi parte ({ $problem }). No se cambió nada; inténtalo de nuevo.
store-outcome-unknown = Se perdió la conexión con la base de datos mientras se guardaba, y no pude saber si se guardó. Mira `board` antes de volver a intentarlo.
