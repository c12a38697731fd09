"""Believability evaluation as Park et al. measured it: interviews of the agents under several
conditions, ranked by a judge with TrueSkill.

Modules: ``snapshot`` (a private copy of a run to interview, so evaluation never changes the run),
``conditions`` (the runs' full agents and the paper's ablated ones), ``questions`` (the interview: five
categories of five questions), ``interviews`` (asking them, resumably), ``judge`` (the ranking task and
its prompt), ``ranking`` (TrueSkill and effect sizes), ``report`` (JSON and Markdown).
"""
