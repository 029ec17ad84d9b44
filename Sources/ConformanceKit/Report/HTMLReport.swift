import Foundation
import WireCore

/// `index.html`: the run as one self-contained page (no network, no external script or style) that people open
/// first. The counts per format and suite and the spec coverage are written as HTML; the cases travel as JSON in
/// the page and a short script lays out the table, filters it (status, suite, flag, bug type, text) and opens a
/// failure's detail. The filters live in the URL's fragment (`#status=FAIL&q=base64`), so a view can be linked.
public struct HTMLReport {
    /// The run.
    public let report: RunReport

    /// A report of `report`.
    public init(report: RunReport) { self.report = report }

    /// The most of a case's stderr the page carries; `shim-stderr.log` has the rest.
    static let stderrLimit = 4096

    /// The page.
    public var html: String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>WireCheck \(Self.escape(report.runName)): \(Self.escape(report.verdict))</title>
            <style>\(Self.style)</style></head>
            <body>
            <header><h1>WireCheck run <code>\(Self.escape(report.runName))</code></h1>
            <p class="verdict \(report.exitCode == 0 ? "good" : "bad")" id="verdict">\(Self.escape(report.verdict))</p>
            <dl><dt>implementation</dt><dd>\(Self.escape(report.implementation))</dd>
            <dt>harness</dt><dd>wirecheck \(Self.escape(Harness.version))</dd>
            <dt>vectors</dt><dd>\(Self.escape(report.vectorsVersion))</dd>
            <dt>started</dt><dd>\(Self.escape(JUnitReport.timestamp(report.startedAt)))Z</dd>
            """
        if let throughput = report.throughput { page += "<dt>throughput</dt><dd>\(Self.escape(throughput))</dd>" }
        if let leftOut = report.leftOutLine { page += "<dt>selection</dt><dd>\(Self.escape(leftOut))</dd>" }
        page += "</dl></header>\n<main>\n"
        page += "<section><h2>Per format</h2>\(countsTable(label: "format", groups: report.formats) { $0.format })</section>\n"
        page += "<section><h2>Per suite</h2>\(countsTable(label: "suite", groups: report.suites) { $0.suite })</section>\n"
        page += """
            <section><h2>Cases</h2>
            <form id="filters" onsubmit="return false">
            <label>status <select id="status"><option value="">any</option>\(statusOptions)</select></label>
            <label>suite <select id="suite"><option value="">any</option>\(options(report.suites))</select></label>
            <label>flag <select id="flag"><option value="">any</option>\(options(flags))</select></label>
            <label>bug type <select id="bug"><option value="">any</option>\(options(bugTypeNames))</select></label>
            <label>text <input id="q" type="search" placeholder="id, reason, input…"></label>
            <output id="shown"></output>
            </form>
            <table id="cases"><thead><tr><th>status</th><th>case</th><th>flags</th><th>reason</th></tr></thead>
            <tbody id="rows"></tbody></table>
            <p id="more" hidden><button type="button" id="show-more">show the next 500</button></p>
            </section>
            <section><h2>Spec coverage</h2>\(coverageTable)</section>
            </main>
            <script type="application/json" id="data">\(caseData)</script>
            <script type="application/json" id="bug-types">\(bugTypeData)</script>
            <script>\(Self.script)</script>
            </body></html>

            """
        return page
    }

    // MARK: Static parts

    private var flags: [String] { Array(Set(report.results.flatMap(\.flags))).sorted() }

    /// The bug types of the flags the run's cases carry.
    private var bugTypeNames: [String] { Array(Set(flags.compactMap { report.bugTypes[$0]?.rawValue })).sorted() }

    /// Flag → bug type, for the script's filter.
    var bugTypeData: String {
        JSONWriter(options: .init(escapeHTML: true)).string(
            .object(JSONObject(flags.compactMap { flag in report.bugTypes[flag].map { (flag, .string($0.rawValue)) } })))
    }

    private var statusOptions: String {
        CaseStatus.allCases.filter { status in report.results.contains { $0.status == status } }
            .map { "<option>\($0.rawValue)</option>" }.joined()
    }

    private func options(_ values: [String]) -> String {
        values.map { "<option>\(Self.escape($0))</option>" }.joined()
    }

    private func countsTable(label: String, groups: [String], key: (CaseResult) -> String) -> String {
        let columns = CaseStatus.allCases
        var table = "<table class=\"counts\"><thead><tr><th>\(label)</th>"
        table += columns.map { "<th>\($0.rawValue)</th>" }.joined() + "<th>total</th></tr></thead><tbody>"
        for group in groups + ["all"] {
            let counts = report.counts { group == "all" || key($0) == group }
            table += "<tr><td>\(group == "all" ? "<b>all</b>" : Self.escape(group))</td>"
            table += columns.map { status in
                let n = counts[status] ?? 0
                return "<td class=\"\(n > 0 ? status.rawValue : "zero")\">\(n)</td>"
            }.joined()
            table += "<td>\(counts.values.reduce(0, +))</td></tr>"
        }
        return table + "</tbody></table>"
    }

    private var coverageTable: String {
        let coverage = report.specCoverage
        guard !coverage.isEmpty else { return "<p>No case was executed.</p>" }
        var table = "<table class=\"counts\"><thead><tr><th>spec section</th><th>cases</th><th>passed</th></tr></thead><tbody>"
        for (section, cases, passed) in coverage {
            table += "<tr><td>\(Self.escape(section))</td><td>\(cases)</td><td>\(passed)</td></tr>"
        }
        return table + "</tbody></table>"
    }

    // MARK: The cases, for the script

    /// One compact array per case: `[status, suite, id, flags, reason, detail?]`, the detail (failures and findings
    /// only) an object. Arrays rather than objects keep a 3,500-case page small; `<`, `>` and `&` are written
    /// `\u003c`… so that no value can end the script element or open a comment in it.
    var caseData: String {
        let rows: [JSONValue] = report.results.map { result in
            var row: [JSONValue] = [
                .string(result.status.rawValue), .string(result.suite), .string(result.id), .array(result.flags.map { .string($0) }),
                .string(result.reason),
            ]
            if result.status.failsRun || result.severity != nil {
                var detail: JSONObject = ["reproducer": .string(result.reproducer)]
                if let failure = result.detail {
                    detail["input"] = .string(failure.input)
                    detail["expected"] = .string(failure.expected)
                    detail["actual"] = .string(failure.actual)
                    if let first = failure.firstDifference { detail["firstDifference"] = .string(first) }
                    if !failure.hexDiffs.isEmpty { detail["hexDiffs"] = .string(failure.hexDiffs.joined(separator: "\n")) }
                }
                if !result.stderr.isEmpty { detail["stderr"] = .string(String(result.stderr.suffix(Self.stderrLimit))) }
                row.append(.object(detail))
            }
            return .array(row)
        }
        return JSONWriter(options: .init(escapeHTML: true)).string(.array(rows))
    }

    /// Text for HTML element content and attribute values: JUnit's XML escaping, which is HTML's too.
    static func escape(_ text: String) -> String { JUnitReport.escape(text) }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
        header{background:#fff;border-bottom:1px solid #d8dde3;padding:12px 24px}h1{font-size:20px;margin:0 0 6px}
        main{padding:8px 24px 40px}section{margin-top:18px}h2{font-size:16px;margin:0 0 8px}
        dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:6px 0 0}dt{color:#5b6570}dd{margin:0}
        .verdict{font-weight:600;margin:0;padding:4px 8px;display:inline-block;border-radius:4px}
        .good{background:#e3f5e8;color:#17622f}.bad{background:#fde8e8;color:#9b1c1c}
        table{border-collapse:collapse;background:#fff;border:1px solid #d8dde3}th,td{padding:3px 8px;border-bottom:1px solid #eceff2;
        text-align:left;vertical-align:top}th{background:#eef1f4;font-weight:600}table.counts td{text-align:right}
        table.counts td:first-child{text-align:left}td.zero{color:#b3bac1}td.FAIL,td.XPASS{color:#9b1c1c;font-weight:600}
        #cases{width:100%;table-layout:fixed}#cases th:nth-child(1){width:110px}#cases th:nth-child(3){width:18%}
        #cases td{overflow-wrap:anywhere}tr.case{cursor:default}tr.case.open,tr.case.has-detail{cursor:pointer}
        .st{font-weight:600;font-size:12px;padding:1px 6px;border-radius:3px}.st-PASS{background:#e3f5e8;color:#17622f}
        .st-FAIL,.st-XPASS{background:#fde8e8;color:#9b1c1c}.st-XFAIL{background:#fff4d6;color:#7a5300}
        .st-SKIP,.st-UNIMPLEMENTED{background:#eceff2;color:#5b6570}
        tr.detail td{background:#fbfcfd}pre{margin:4px 0 8px;padding:6px 8px;background:#f1f3f5;border-radius:4px;
        white-space:pre-wrap;overflow-wrap:anywhere;font:12px/1.4 ui-monospace,monospace}.label{color:#5b6570;font-size:12px}
        tr.detail td>div{display:grid;grid-template-columns:120px 1fr;gap:8px;align-items:start}.label{padding-top:6px}
        form{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin-bottom:8px}input[type=search]{width:260px}
        output{color:#5b6570}
        """

    /// Builds the rows from the JSON (500 at a time: a page of 3,500 rows opens at once), filters by the fragment's
    /// `status`, `suite`, `flag` and `q`, and opens a case's detail on a click on its row.
    static let script = """
        (function(){
        var cases=JSON.parse(document.getElementById('data').textContent);
        // What the text filter searches, made once: the id, reason, flags and detail of each case, lower-cased.
        var text=cases.map(function(c){return (c[2]+' '+c[4]+' '+c[3].join(' ')+' '+(c[5]?JSON.stringify(c[5]):'')).toLowerCase();});
        var body=document.getElementById('rows'),shown=document.getElementById('shown'),more=document.getElementById('more');
        var fields=['status','suite','flag','bug','q'],limit=500,matching=[];
        var bugTypes=JSON.parse(document.getElementById('bug-types').textContent);
        function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
        function block(label,text){var d=el('div');d.appendChild(el('div','label',label));d.appendChild(el('pre',null,text));return d;}
        function detail(c){var tr=el('tr','detail'),td=el('td');td.colSpan=4;var d=c[5];
          ['firstDifference','input','expected','actual','hexDiffs','reproducer','stderr'].forEach(function(k){
            var names={firstDifference:'first difference',hexDiffs:'hex diff',stderr:'shim stderr'};
            if(d[k]!=null)td.appendChild(block(names[k]||k,d[k]));});
          tr.appendChild(td);return tr;}
        function row(c){var tr=el('tr','case'+(c[5]?' has-detail':''));tr.dataset.status=c[0];
          var st=el('td');st.appendChild(el('span','st st-'+c[0],c[0]));tr.appendChild(st);
          tr.appendChild(el('td',null,c[2]));tr.appendChild(el('td',null,c[3].join(' ')));tr.appendChild(el('td',null,c[4]));
          if(c[5])tr.addEventListener('click',function(){var next=tr.nextSibling;
            if(next&&next.className==='detail'){next.remove();tr.classList.remove('open');}
            else{tr.parentNode.insertBefore(detail(c),tr.nextSibling);tr.classList.add('open');}});
          return tr;}
        function values(){var v={};fields.forEach(function(f){v[f]=document.getElementById(f).value;});return v;}
        function matches(c,i,v){if(v.status&&c[0]!==v.status)return false;if(v.suite&&c[1]!==v.suite)return false;
          if(v.flag&&c[3].indexOf(v.flag)<0)return false;
          if(v.bug&&!c[3].some(function(f){return bugTypes[f]===v.bug;}))return false;
          return !v.q||text[i].indexOf(v.q.toLowerCase())>=0;}
        function render(){var v=values();matching=cases.filter(function(c,i){return matches(c,i,v);});body.textContent='';
          limit=500;append();
          var h=fields.filter(function(f){return v[f];}).map(function(f){return f+'='+encodeURIComponent(v[f]);}).join('&');
          if(('#'+h)!==location.hash&&!(h===''&&location.hash===''))history.replaceState(null,'',h?'#'+h:location.pathname);}
        function append(){var from=body.querySelectorAll('tr.case').length,frag=document.createDocumentFragment();
          matching.slice(from,limit).forEach(function(c){frag.appendChild(row(c));
            if(c[5]&&(c[0]==='FAIL'||c[0]==='XPASS')&&matching.length<=50){
              frag.lastChild.classList.add('open');frag.appendChild(detail(c));}});
          body.appendChild(frag);
          shown.textContent=matching.length+' of '+cases.length+' cases'+(matching.length>limit?', '+limit+' shown':'');
          more.hidden=matching.length<=limit;}
        document.getElementById('show-more').addEventListener('click',function(){limit+=500;append();});
        function fromHash(){var hash=new URLSearchParams(location.hash.slice(1));
          fields.forEach(function(f){document.getElementById(f).value=hash.get(f)||'';});}
        fields.forEach(function(f){document.getElementById(f).addEventListener(f==='q'?'input':'change',render);});
        window.addEventListener('hashchange',function(){fromHash();render();});
        fromHash();
        // Opened without a filter, a run with failures shows them first (FAIL, else XPASS).
        if(!location.hash){['FAIL','XPASS'].some(function(s){var any=cases.some(function(c){return c[0]===s;});
          if(any)document.getElementById('status').value=s;return any;});}
        render();
        })();
        """
}
