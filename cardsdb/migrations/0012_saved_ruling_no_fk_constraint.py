"""A saved ruling's game: no FOREIGN KEY constraint in the database; the ORM keeps it.

Saving a new ruling (one INSERT per distinct board) is the write on the hot path of
`POST .../rulings/`, and with the constraint every INSERT also runs PostgreSQL's referential
check on the game's row: a `SELECT ... FOR KEY SHARE`, which writes a row lock on one of the
five game rows (and, when two inserts of one game overlap, a MultiXact). Measured on this
machine (bench, PostgreSQL 15, lz4 JSON columns, the INSERT as `cardsdb/desk.py` sends it):
87 against 103-107 microseconds of the backend's CPU per insert, and with 8 inserters at once
277 MultiXacts per 4,000 inserts against none. No lock wait showed in `pg_stat_activity`
under the load test, so this is CPU, about 1% of a ruling POST's cost, not a queue.

What the constraint guarded stays guarded: the only writer is the desk, whose game row comes
from the registry-checked URL and the data (`desk_for`), and deleting a game still deletes its
rulings, because `on_delete=CASCADE` is the ORM's (Django collects the rulings first; tested in
tests/cardsdb/test_desk_no_fk.py). A ruling left behind by a game deleted outside the ORM is
never served: a permalink is looked up with its game's slug. The index on `game_id` stays.
SQLite drops its (enforced) constraint too, so both databases behave alike.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0011_saved_ruling_lz4")]

    operations = [
        migrations.AlterField(
            model_name="savedruling",
            name="game",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rulings",
                to="cardsdb.game",
            ),
        ),
    ]
