"""Higher or Lower (our working title): the higher/lower shedding game of the seed rulebook
`001_ebdbda7efa890ddc.txt`. Card attributes in `cards.py`, the engine in `rules.py`."""
