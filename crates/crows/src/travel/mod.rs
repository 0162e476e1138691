//! Overland travel («Путешествие по суше»): hex map, pace, roles, getting lost, Miasma, road encounters. (being written)
