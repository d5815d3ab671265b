"""A saved ruling's game: no FOREIGN KEY constraint in the database; the ORM keeps it.

Saving a new ruling (one INSERT per distinct board) is the write on the hot path of
`POST .../rulings/`, and with the constraint every INSERT also runs PostgreSQL's referential
check on the game's row: a `SELECT ... FOR KEY SHARE`, which writes a row lock on one of the
five game rows and, when two inserts for one game overlap, a MultiXact. Measured on this
machine (PostgreSQL 15, lz4 JSON columns, the INSERT as `cardsdb/desk.py` sends it, 3,000
inserts a table in interleaved rounds, the backend's CPU from /proc): 103-107 microseconds of
the backend's CPU an insert with the constraint, 87 without; 8 inserters at once made 277
MultiXacts per 4,000 inserts with it, none without. In the load test (ruling POST, cold, 8
and 32 connections) a run made 93-139 MultiXacts with it and none without, and PostgreSQL's
CPU a request fell about 7% (0.284 -> 0.264 ms in one in-process run). No lock wait showed in
`pg_stat_activity` during the load test (the backends were idle, waiting for the client,
almost always): the constraint cost CPU, not queueing, and it is not why 32 connections do
worse than 8 (that is the workers' CPU a request, up 15-30%, against PostgreSQL's +10%).

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
