// Draws a Soloist balance report from the data soloist report put in #data, with d3.
// Every plot is a figure.plot whose figcaption names it; each value is a circle.point.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var main = d3.select("#report");
  main.selectAll("noscript").remove();
  var colours = d3.schemeTableau10 || d3.schemeCategory10;
  var percent = d3.format(".1f");
  var number = d3.format(",.2~f");
  var many = data.cells.length > 1;

  function cellName(i) {
    var c = data.cells[i];
    return many ? "cell " + (i + 1) + ": " + c.label : "the run";
  }
  function signed(f) {
    return function (x) { return (x > 0 ? "+" : "") + f(x); };
  }

  // ---- the run -------------------------------------------------------------------------
  main.append("h1").text("Soloist report: " + data.bot + " " + data.version);
  main.append("p").attr("class", "run").text(
    d3.format(",")(data.games) + " games" + (many ? " in each of " + data.cells.length + " cells, on the same seeds" : "") +
    " (seeds " + data.first_seed + " to " + (data.first_seed + data.games - 1) + ", answers " + data.answers +
    "; bot files " + data.files + ")");

  // ---- the cells' figures ----------------------------------------------------------------
  main.append("h2").text(many ? "Cells" : "Figures");
  var table = main.append("table").attr("class", "cells");
  var head = table.append("thead").append("tr");
  head.append("th").text(many ? "cell" : "run");
  ["games", "errors"].forEach(function (h) { head.append("th").text(h); });
  data.results.forEach(function (r) { head.append("th").text("result " + r + " (95% interval)"); });
  data.scores.forEach(function (s) { head.append("th").text("mean " + s); });
  head.append("th").text("median questions");
  var body = table.append("tbody");
  data.cells.forEach(function (c, i) {
    var row = body.append("tr");
    row.append("td").text(many ? (i + 1) + ". " + c.label : "all games");
    row.append("td").text(d3.format(",")(c.games));
    row.append("td").text(c.errors);
    data.results.forEach(function (r) {
      var x = c.results[r];
      row.append("td").text(percent(100 * x.mean) + "% (" + percent(100 * x.low) + " to " + percent(100 * x.high) + ")");
    });
    data.scores.forEach(function (s) { row.append("td").text(c.scores[s] ? number(c.scores[s].mean) : "-"); });
    row.append("td").text(c.questions_median === undefined ? "-" : c.questions_median);
  });

  // ---- plots -------------------------------------------------------------------------------
  function figure(parent, name, title) {
    var f = parent.append("figure").attr("class", "plot").attr("data-plot", name);
    f.append("figcaption").text(title);
    return f;
  }
  function legend(f, names) {
    var l = f.append("div").attr("class", "legend");
    names.forEach(function (n, i) { l.append("span").style("--swatch", colours[i % colours.length]).text(n); });
  }

  // A dot and its 95% interval a row: rows of {label, colour, mean, low, high}.
  function intervals(parent, name, title, rows, format, zero) {
    var f = figure(parent, name, title);
    var margin = { top: 8, right: 24, bottom: 30, left: 230 };
    var width = 640, height = margin.top + margin.bottom + 22 * rows.length;
    var svg = f.append("svg").attr("viewBox", "0 0 " + width + " " + height).attr("role", "img")
      .attr("aria-label", title);
    var lo = d3.min(rows, function (r) { return r.low; }), hi = d3.max(rows, function (r) { return r.high; });
    if (zero) { lo = Math.min(lo, 0); hi = Math.max(hi, 0); }
    if (lo === hi) { lo -= 1; hi += 1; }
    var x = d3.scaleLinear().domain([lo, hi]).nice().range([margin.left, width - margin.right]);
    var y = d3.scaleBand().domain(rows.map(function (r, i) { return i; })).range([margin.top, height - margin.bottom])
      .padding(0.3);
    svg.append("g").attr("class", "axis").attr("transform", "translate(0," + (height - margin.bottom) + ")")
      .call(d3.axisBottom(x).ticks(6).tickFormat(format));
    svg.append("g").attr("class", "axis").attr("transform", "translate(" + margin.left + ",0)")
      .call(d3.axisLeft(y).tickFormat(function (i) { return rows[i].label; }));
    if (zero) svg.append("line").attr("class", "zero").attr("x1", x(0)).attr("x2", x(0))
      .attr("y1", margin.top).attr("y2", height - margin.bottom);
    var g = svg.selectAll("g.row").data(rows).enter().append("g").attr("class", "row")
      .attr("transform", function (r, i) { return "translate(0," + (y(i) + y.bandwidth() / 2) + ")"; });
    g.append("line").attr("class", "whisker").attr("x1", function (r) { return x(r.low); })
      .attr("x2", function (r) { return x(r.high); }).attr("stroke", function (r) { return r.colour; });
    g.append("circle").attr("class", "point").attr("r", 4).attr("cx", function (r) { return x(r.mean); })
      .attr("fill", function (r) { return r.colour; })
      .append("title").text(function (r) {
        return r.label + ": " + format(r.mean) + " (95% interval " + format(r.low) + " to " + format(r.high) + ")";
      });
    return f;
  }

  // Lines of shares over values, one a cell: points {xs, binned, width, cells: [counts]}.
  function distribution(parent, name, title, points, xLabel) {
    var f = figure(parent, name, title);
    legend(f, data.cells.map(function (c, i) { return cellName(i); }));
    var margin = { top: 8, right: 16, bottom: 40, left: 52 };
    var width = 640, height = 280;
    var svg = f.append("svg").attr("viewBox", "0 0 " + width + " " + height).attr("role", "img")
      .attr("aria-label", title);
    var half = points.binned ? points.width / 2 : 0;
    var xs = points.xs.map(function (v) { return v + half; });
    var series = points.cells.map(function (counts, i) {
      var total = d3.sum(counts) || 1;
      return counts.map(function (n, k) { return { x: xs[k], share: n / total, n: n, cell: i, from: points.xs[k] }; });
    });
    var x = d3.scaleLinear().domain(d3.extent(xs.length > 1 ? xs : [xs[0] - 1, xs[0] + 1])).nice()
      .range([margin.left, width - margin.right]);
    var top = d3.max(series, function (s) { return d3.max(s, function (p) { return p.share; }); }) || 1;
    var y = d3.scaleLinear().domain([0, top]).nice().range([height - margin.bottom, margin.top]);
    svg.append("g").attr("class", "axis").attr("transform", "translate(0," + (height - margin.bottom) + ")")
      .call(d3.axisBottom(x).ticks(8));
    svg.append("g").attr("class", "axis").attr("transform", "translate(" + margin.left + ",0)")
      .call(d3.axisLeft(y).ticks(5).tickFormat(d3.format(".0%")));
    svg.append("text").attr("class", "axis").attr("x", (margin.left + width - margin.right) / 2).attr("y", height - 6)
      .attr("text-anchor", "middle").attr("fill", "currentColor").attr("font-size", 12)
      .text(xLabel + (points.binned ? " (bins of " + number(points.width) + ")" : ""));
    var line = d3.line().x(function (p) { return x(p.x); }).y(function (p) { return y(p.share); });
    series.forEach(function (s, i) {
      var colour = colours[i % colours.length];
      svg.append("path").attr("class", "series").attr("stroke", colour).attr("d", line(s));
      svg.selectAll("circle.cell" + i).data(s).enter().append("circle").attr("class", "point cell" + i).attr("r", 2.5)
        .attr("cx", function (p) { return x(p.x); }).attr("cy", function (p) { return y(p.share); })
        .attr("fill", colour)
        .append("title").text(function (p) {
          var at = points.binned ? number(p.from) + " to " + number(p.from + points.width) : number(p.from);
          return cellName(p.cell) + ": " + at + ": " + d3.format(",")(p.n) + " games (" + percent(100 * p.share) + "%)";
        });
    });
    return f;
  }

  main.append("h2").text("Results");
  var plots = main.append("div").attr("class", "plots");
  var rows = [];
  data.cells.forEach(function (c, i) {
    data.results.forEach(function (r, k) {
      var x = c.results[r];
      rows.push({ label: (many ? "cell " + (i + 1) + ": " : "") + r, colour: colours[k % colours.length],
                  mean: x.mean, low: x.low, high: x.high });
    });
  });
  if (rows.length) {
    var pct = function (v) { return percent(100 * v) + "%"; };
    intervals(plots, "results", many ? "Results per cell (share of games, 95% intervals)" :
      "Results (share of games, 95% intervals)", rows, pct, false);
  }

  if (data.differences.length) {
    main.append("h2").text("Each cell against cell 1, game by game");
    main.append("p").attr("class", "note").text(
      "Every cell plays the same seeds, so each game is compared with the same game in cell 1: " +
      "what differs is the options' and house rules' doing, not the luck of the draw.");
    var against = main.append("div").attr("class", "plots");
    var resultRows = [], scoreRows = [];
    data.differences.forEach(function (d) {
      data.results.forEach(function (r, k) {
        var x = d.results[r];
        if (x) resultRows.push({ label: "cell " + d.cell + ": " + r, colour: colours[k % colours.length],
                                 mean: x.mean, low: x.low, high: x.high });
      });
      data.scores.forEach(function (s, k) {
        var x = d.scores[s];
        if (x) scoreRows.push({ label: "cell " + d.cell + ": " + s, colour: colours[k % colours.length],
                                mean: x.mean, low: x.low, high: x.high });
      });
    });
    if (resultRows.length)
      intervals(against, "result-differences", "Results against cell 1 (percentage points, 95% intervals)", resultRows,
        signed(function (v) { return percent(100 * v); }), true);
    if (scoreRows.length)
      intervals(against, "score-differences", "Scores against cell 1 (points, 95% intervals)", scoreRows,
        signed(number), true);
  }

  if (data.scores.length) {
    main.append("h2").text("Scores");
    var scorePlots = main.append("div").attr("class", "plots");
    data.scores.forEach(function (s) {
      distribution(scorePlots, "score " + s, "Score distribution: " + s, data.distributions[s], s);
    });
  }

  if (data.questions.xs.length || data.rounds.xs.length) {
    main.append("h2").text("Game length");
    var lengthPlots = main.append("div").attr("class", "plots");
    if (data.rounds.xs.length) {
      distribution(lengthPlots, "rounds", "Rounds a game", data.rounds, "rounds a game lasted");
    }
    if (data.questions.xs.length) {
      distribution(lengthPlots, "questions", "Questions a game", data.questions, "questions asked in a game");
    }
  }

  // ---- errors ----------------------------------------------------------------------------
  main.append("h2").text("Errors");
  if (!data.error_count) {
    main.append("p").attr("class", "errors-none").text("No game stopped with an error.");
  } else {
    main.append("p").text(data.error_count + " game(s) stopped with an error. Each command plays the game again " +
      "alone and writes its answers into failed-games/, with the soloist run command that replays it step by step.");
    var errors = main.append("table").attr("class", "errors");
    var eh = errors.append("thead").append("tr");
    (many ? ["cell", "seed", "error", "replay"] : ["seed", "error", "replay"]).forEach(function (h) {
      eh.append("th").text(h);
    });
    var eb = errors.append("tbody");
    data.errors.forEach(function (e) {
      var row = eb.append("tr");
      if (many) row.append("td").text(e.cell);
      row.append("td").text(e.seed);
      row.append("td").attr("class", "error").text(e.message);
      row.append("td").attr("class", "error").append("code").text(e.replay);
    });
    if (data.error_count > data.errors.length)
      main.append("p").attr("class", "note").text("... and " + (data.error_count - data.errors.length) +
        " more errors (their records are in the results file).");
  }
})();
